import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { AppUpdater, Logger as UpdaterLogger } from 'electron-updater'
import type { Logger } from '../core/log'
import type { UpdaterEvent, UpdaterPort } from '../core/updates/update-flow'
import { installModeOf } from '../core/updates/update-policy'

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

/**
 * The file build/after-pack.mjs writes into a macOS build's resources: `{ "signed": true }` when
 * it is signed with a real identity (its macSigningConfigured). Electron cannot tell a running
 * app's signature; the build knows it. Missing (an older build) or unreadable counts as unsigned,
 * the safe side: the release page works for any copy.
 */
export const SIGNING_FILE = 'signing.json'

/** Where a copy that cannot install updates itself sends the designer for the new version. */
export const RELEASE_PAGE = 'https://flipdrop.app/download'

function signedWithIdentity(resourcesPath: string): boolean {
  try {
    const facts: unknown = JSON.parse(readFileSync(join(resourcesPath, SIGNING_FILE), 'utf8'))
    return typeof facts === 'object' && facts !== null && (facts as { signed?: unknown }).signed === true
  } catch {
    return false
  }
}

/** The release page when this copy cannot install updates itself (an unsigned macOS build); undefined when it can. */
export function downloadPageFor(facts: { platform: NodeJS.Platform; resourcesPath: string }): string | undefined {
  const signed = facts.platform === 'darwin' && signedWithIdentity(facts.resourcesPath)
  return installModeOf(facts.platform, signed) === 'download-page' ? RELEASE_PAGE : undefined
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
 * to the update flow: downloads in the background as soon as a version is found (unless this
 * copy cannot install it: `download: false` only checks), and installs only on "Restart to
 * update", never on an automatic quit: the deb installs through an administrator prompt
 * (pkexec), which must come only when the designer asked for it, and a failed install must
 * leave FlipDrop running with its queue (BaseUpdater installs on quit when autoInstallOnAppQuit
 * is on, after our will-quit has closed everything).
 */
export function updaterPort(updater: AppUpdater, options: { log: Logger; verbose: boolean; feedUrl?: string; download?: boolean }): UpdaterPort {
  updater.autoDownload = options.download ?? true
  updater.autoInstallOnAppQuit = false
  updater.logger = updaterLogger(options.log, options.verbose)
  if (options.feedUrl) updater.setFeedURL({ provider: 'generic', url: options.feedUrl })
  return {
    async check() {
      await updater.checkForUpdates()
    },
    install() {
      return new Promise<Error>((resolve) => {
        // electron-updater reports a failed install as an `error` event and does not quit: at once
        // on Linux (pkexec and the AppImage's file moves run synchronously), later on macOS
        // (Squirrel.Mac's own error). Installed, the app quits and this stays pending.
        const failed = (error: Error): void => {
          updater.off('error', failed)
          resolve(error)
        }
        updater.on('error', failed)
        try {
          // Not silent (Windows shows its installer's progress); run the new version afterwards.
          updater.quitAndInstall(false, true)
        } catch (error) {
          failed(error instanceof Error ? error : new Error(String(error)))
        }
      })
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
