import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { AppUpdater, Logger as UpdaterLogger } from 'electron-updater'
import type { Logger } from '../core/log'
import type { UpdaterEvent, UpdaterPort } from '../core/updates/update-flow'

/** Points the updater at another generic feed (a local server in tests, a staging feed). */
export const UPDATE_URL_VARIABLE = 'FLIPDROP_UPDATE_URL'

/** The feed from the environment, when it is a web address. */
export function feedOverride(env: NodeJS.ProcessEnv): string | undefined {
  const value = env[UPDATE_URL_VARIABLE]?.trim()
  return value && URL.canParse(value) && /^https?:$/.test(new URL(value).protocol) ? value : undefined
}

/**
 * Whether this copy can update itself: an installed build (electron-updater is inactive in
 * development, and the demo runs unpackaged) whose packaging wrote a feed to
 * resources/app-update.yml (electron-builder does so from `publish`), or a feed given in
 * FLIPDROP_UPDATE_URL. Electron-free, so it is tested on its own.
 */
export function canUpdateItself(facts: { packaged: boolean; resourcesPath: string; env: NodeJS.ProcessEnv }): boolean {
  if (!facts.packaged) return false
  return feedOverride(facts.env) !== undefined || existsSync(join(facts.resourcesPath, 'app-update.yml'))
}

/** electron-updater's own log lines go to ours; its chatty info only when FLIPDROP_LOG=debug. */
function updaterLogger(log: Logger, verbose: boolean): UpdaterLogger {
  const text = (message: unknown): string => `Updater: ${message instanceof Error ? message.message : String(message)}`
  return {
    info: (message: unknown) => (verbose ? log.info(text(message)) : undefined),
    warn: (message: unknown) => log.warn(text(message)),
    error: (message: unknown) => log.error(text(message)),
    debug: (message: string) => (verbose ? log.info(text(message)) : undefined)
  }
}

/**
 * Adapts electron-updater's AppUpdater (its `autoUpdater` in the app, a given one in tests)
 * to the update flow: downloads in the background as soon as a version is found, installs
 * on quit too (after the journal is closed: its `quit` event comes after our will-quit), and
 * restarts into the new version on "Restart to update".
 */
export function updaterPort(updater: AppUpdater, options: { log: Logger; verbose: boolean; feedUrl?: string }): UpdaterPort {
  updater.autoDownload = true
  updater.autoInstallOnAppQuit = true
  updater.logger = updaterLogger(options.log, options.verbose)
  if (options.feedUrl) updater.setFeedURL({ provider: 'generic', url: options.feedUrl })
  return {
    async check() {
      await updater.checkForUpdates()
    },
    install() {
      // Not silent (Windows shows its installer's progress); run the new version afterwards.
      updater.quitAndInstall(false, true)
    },
    subscribe(listener: (event: UpdaterEvent) => void) {
      const available = (info: { version: string }): void => listener({ type: 'available', version: info.version })
      const notAvailable = (): void => listener({ type: 'not-available' })
      const progress = (info: { percent: number }): void => listener({ type: 'progress', percent: info.percent })
      const downloaded = (info: { version: string }): void => listener({ type: 'downloaded', version: info.version })
      const failed = (error: Error): void => listener({ type: 'error', error })
      updater.on('update-available', available)
      updater.on('update-not-available', notAvailable)
      updater.on('download-progress', progress)
      updater.on('update-downloaded', downloaded)
      updater.on('error', failed)
      return () => {
        updater.off('update-available', available)
        updater.off('update-not-available', notAvailable)
        updater.off('download-progress', progress)
        updater.off('update-downloaded', downloaded)
        updater.off('error', failed)
      }
    }
  }
}
