import { mkdir } from 'node:fs/promises'
import { arch, release } from 'node:os'
import { clipboard, dialog, type BrowserWindow } from 'electron'
import type { AppInfo } from '../../src-shared/domain/app-info'
import type { Core } from '../core/core'
import { diagnosticsText, DIAGNOSTIC_LOG_LINES } from '../core/logging/diagnostics'
import type { LogFile } from '../core/logging/log-file'
import type { HelpActions } from './app-menu'
import { HELP_MENU } from './desktop-wording'
import { openFolder } from './safe-open-external'

export interface HelpDeps {
  logFile: LogFile
  info: AppInfo
  /** The core once started; diagnostics still work (without settings and queue) when it failed. */
  core(): Core | undefined
  window(): BrowserWindow | undefined
  log(message: string, error?: unknown): void
}

/** The text "Copy diagnostics" copies: everything redacted (diagnostics.ts). */
export async function collectDiagnostics(deps: HelpDeps): Promise<string> {
  const core = deps.core()
  const secrets = core?.auth.secrets() ?? []
  return diagnosticsText({
    app: deps.info,
    os: { platform: process.platform, release: release(), arch: arch() },
    settings: core ? await core.settings.get() : null,
    queue: core ? core.uploads.list() : null,
    logLines: await deps.logFile.lastLines(DIAGNOSTIC_LOG_LINES, secrets),
    secrets
  })
}

/** Help → Show logs opens the data folder's logs; Copy diagnostics puts a redacted report on the clipboard and says so. */
export function helpActions(deps: HelpDeps): HelpActions {
  return {
    showLogs() {
      void mkdir(deps.logFile.folder, { recursive: true })
        .then(() => openFolder(deps.logFile.folder))
        .then((failure) => {
          if (failure) deps.log(`Could not open the logs folder: ${failure}`) // words-exempt: a log line, for engineers
        })
        .catch((error: unknown) => deps.log('Could not open the logs folder', error)) // words-exempt: a log line, for engineers
    },
    copyDiagnostics() {
      void collectDiagnostics(deps)
        .then(async (text) => {
          clipboard.writeText(text)
          const options = { type: 'info' as const, message: HELP_MENU.diagnosticsCopied, detail: HELP_MENU.diagnosticsCopiedDetail, buttons: [HELP_MENU.ok] }
          const window = deps.window()
          await (window ? dialog.showMessageBox(window, options) : dialog.showMessageBox(options))
        })
        .catch((error: unknown) => deps.log('Could not copy the diagnostics', error)) // words-exempt: a log line, for engineers
    }
  }
}
