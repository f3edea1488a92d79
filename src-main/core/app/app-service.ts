import { stat } from 'node:fs/promises'
import { basename, isAbsolute } from 'node:path'
import { AppError } from '../../../src-shared/contract/errors'
import type { AppInfo } from '../../../src-shared/domain/app-info'
import { updatesUnavailable, type UpdateView } from '../../../src-shared/domain/updates'
import { checkExternalUrl, type LinkRefusal } from '../../../src-shared/domain/external-url'
import type { Sentence } from '../../../src-shared/i18n/said'
import type { HandlersOf } from '../area-handlers'
import type { FirstPaint } from '../first-paint'
import { sentence } from '../i18n/sentence'
import type { Startup } from '../startup'

/** The ways out of the core that only the host (Electron or the test host) can provide. */
export interface AppHost {
  info: AppInfo
  /** Opens an already-checked https URL in the user's browser. */
  openUrl(url: string): Promise<void>
  /** Puts text on the OS clipboard (Electron's clipboard in main). */
  copyText(text: string): void
  /** Selects a file or folder in the file manager (absent where there is none: the command line). */
  showInFolder?(path: string): void
  /** FlipDrop's own updates (updates/update-flow.ts); absent where it cannot update itself. */
  updates?: UpdatesHost
  /** Hears the renderer's start-up marks (the debug log); absent where nobody listens. */
  rendererStarted?(line: string): void
}

/** What the `app` area needs of the updater. */
export interface UpdatesHost {
  view(): UpdateView
  check(): Promise<UpdateView>
  restartToUpdate(): Promise<UpdateView>
}

/** Why a link was not opened, as the window says it (the same English as checkExternalUrl's reason). */
const LINK_REFUSED: Record<LinkRefusal, () => Sentence> = {
  empty: () => sentence('coreApp.openLink.empty'),
  invalid: () => sentence('coreApp.openLink.invalid'),
  notSecure: () => sentence('coreApp.openLink.notSecure'),
  credentials: () => sentence('coreApp.openLink.credentials')
}

/** The `app` area: facts about the app, its start-up, and safe external links. It answers even when start-up failed. */
export interface AppService extends HandlersOf<'app'> {
  info(): AppInfo
}

/** Creates the app service over the host's facts and browser opener; `firstPaint` hears the window's first paint. */
export function createAppService(host: AppHost, startup: Startup, firstPaint?: Pick<FirstPaint, 'painted'>): AppService {
  return {
    info: () => host.info,
    async openExternal(url) {
      const checked = checkExternalUrl(url)
      if (!checked.ok) throw new AppError('not-allowed', LINK_REFUSED[checked.why]())
      await host.openUrl(checked.url)
      return undefined
    },
    copyText(text) {
      host.copyText(text)
      return undefined
    },
    async showInFolder(path) {
      if (!isAbsolute(path)) throw new AppError('invalid-input', sentence('coreApp.showInFolder.notFullPath'))
      if (!host.showInFolder) throw new AppError('not-allowed', sentence('coreApp.showInFolder.noFileManager'))
      // A moved or deleted file would open the file manager somewhere else, or nowhere: say so instead.
      if (!(await exists(path))) throw new AppError('not-found', sentence('coreApp.showInFolder.gone', { name: basename(path) }))
      host.showInFolder(path)
      return undefined
    },
    updates: () => host.updates?.view() ?? updatesUnavailable(host.info.version),
    checkForUpdates: () => host.updates?.check() ?? updatesUnavailable(host.info.version),
    restartToUpdate: () => host.updates?.restartToUpdate() ?? updatesUnavailable(host.info.version),
    startupState: () => startup.state(),
    retryStartup: () => startup.retry(),
    painted() {
      firstPaint?.painted()
      return undefined
    },
    rendererStartup(times) {
      host.rendererStarted?.(rendererStartupLine(times))
      return undefined
    }
  }
}

/** The renderer's phases as one log line; a phase it did not reach reads "-". */
export function rendererStartupLine(times: { scriptStart: number | null; firstPaint: number | null; firstView: number | null }): string {
  const ms = (value: number | null): string => (value === null ? '-' : value.toFixed(1))
  return `Renderer start-up, ms since navigation: script-start ${ms(times.scriptStart)}, first-paint ${ms(times.firstPaint)}, first-view ${ms(times.firstView)}`
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false
  )
}
