import { z } from 'zod'
import type { AppInfo } from '../domain/app-info'
import type { MenuCommand } from '../domain/menu-commands'
import type { StartupState } from '../domain/startup'
import type { UpdateView } from '../domain/updates'
import { VIEWS, type View } from '../domain/views'
import { event, invoke } from './define'

const startupTime = z.number().finite().nonnegative().max(3_600_000).nullable()
const rendererStartupSchema = z.object({ scriptStart: startupTime, firstPaint: startupTime, firstView: startupTime }).strict()

/** Longest link we accept; anything longer is not a link a designer clicked. */
const MAX_URL_LENGTH = 2048
/** Longest text put on the clipboard: a link or an embed code, with room to spare. */
const MAX_COPY_LENGTH = 10_000

/** The `app` area: facts about the app, its start-up, and the safe way out to the browser. Answers even when start-up failed. */
export const app = {
  /** Name, version and runtime versions, for the header and bug reports. */
  info: invoke<AppInfo>()('app:info', z.undefined()),
  /** Opens an https link in the user's browser; anything else is refused. */
  openExternal: invoke<undefined>()('app:openExternal', z.string().min(1).max(MAX_URL_LENGTH)),
  /** Whether main has finished starting (reading settings and the keychain), or why it could not. */
  startupState: invoke<StartupState>()('app:startupState', z.undefined()),
  /** Tries to start again after a failure. */
  retryStartup: invoke<StartupState>()('app:retryStartup', z.undefined()),
  /** Puts text on the OS clipboard through main (the page itself is denied clipboard access). */
  copyText: invoke<undefined>()('app:copyText', z.string().min(1).max(MAX_COPY_LENGTH)),
  /** "Show in folder": selects a file or folder (a linked PDF, a hot folder) in the file manager; it never opens it. */
  showInFolder: invoke<undefined>()('app:showInFolder', z.string().min(1).max(4096)),
  /** Where FlipDrop's own update stands (Settings: the version and "Check for updates"). */
  updates: invoke<UpdateView>()('app:updates', z.undefined()),
  /** Checks the update feed now; a newer version downloads in the background. */
  checkForUpdates: invoke<UpdateView>()('app:checkForUpdates', z.undefined()),
  /** Installs a downloaded update and restarts, once no upload runs and the queue's journal is closed. */
  restartToUpdate: invoke<UpdateView>()('app:restartToUpdate', z.undefined()),
  /** The window has painted its first view: main starts the background work that waited for it. */
  painted: invoke<undefined>()('app:painted', z.undefined()),
  /** The renderer's start-up marks, in ms since navigation, once its first view is shown (for the debug log). */
  rendererStartup: invoke<undefined>()('app:rendererStartup', rendererStartupSchema),
  updatesChanged: event<UpdateView>()('app:updatesChanged'),
  startupChanged: event<StartupState>()('app:startupChanged'),
  /** Main asks the renderer to show a view (from the application menu). */
  navigate: event<View>()('app:navigate'),
  /** Main asks the renderer to start adding PDFs or publishing from a link (from the application menu). */
  menuCommand: event<MenuCommand>()('app:menuCommand'),
  /** Main asks the renderer to show one upload (a notification was clicked). */
  showJob: event<{ jobId: string }>()('app:showJob')
}

/** Schema of a view name, for payloads that carry one. */
export const viewSchema = z.enum(VIEWS)
