import { AppError } from '../../../src-shared/contract/errors'
import type { AppInfo } from '../../../src-shared/domain/app-info'
import { checkExternalUrl } from '../../../src-shared/domain/external-url'

/** The ways out of the core that only the host (Electron or the test host) can provide. */
export interface AppHost {
  info: AppInfo
  /** Opens an already-checked https URL in the user's browser. */
  openUrl(url: string): Promise<void>
}

/** The `app` area of the core: facts about the app and safe external links. */
export interface AppService {
  info(): AppInfo
  openExternal(url: string): Promise<void>
}

/** Creates the app service over the host's facts and browser opener. */
export function createAppService(host: AppHost): AppService {
  return {
    info: () => host.info,
    async openExternal(url) {
      const checked = checkExternalUrl(url)
      if (!checked.ok) throw new AppError('not-allowed', checked.reason)
      await host.openUrl(checked.url)
    }
  }
}
