import { z } from 'zod'
import type { AppInfo } from '../domain/app-info'
import { VIEWS, type View } from '../domain/views'
import { event, invoke } from './define'

/** Longest link we accept; anything longer is not a link a designer clicked. */
const MAX_URL_LENGTH = 2048

/** The `app` area: facts about the app and the safe way out to the browser. */
export const app = {
  /** Name, version and runtime versions, for the header and bug reports. */
  info: invoke<AppInfo>()('app:info', z.undefined()),
  /** Opens an https link in the user's browser; anything else is refused. */
  openExternal: invoke<undefined>()('app:openExternal', z.string().min(1).max(MAX_URL_LENGTH)),
  /** Main asks the renderer to show a view (from the application menu). */
  navigate: event<View>()('app:navigate')
}

/** Schema of a view name, for payloads that carry one. */
export const viewSchema = z.enum(VIEWS)
