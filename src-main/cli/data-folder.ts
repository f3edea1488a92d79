import { homedir } from 'node:os'
import { join } from 'node:path'

/** The app's name as Electron uses it for the user-data folder (package.json productName). */
const APP_FOLDER = 'FlipDrop'

/**
 * The data folder the app uses, so the command shares its settings, key and queue:
 * FLIPDROP_DATA_DIR when set, else Electron's `app.getPath('userData')`, which is the
 * platform's application-data folder plus the product name.
 */
export function defaultDataFolder(env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform, home = homedir()): string {
  const override = env['FLIPDROP_DATA_DIR']?.trim()
  if (override) return override
  if (platform === 'win32') return join(env['APPDATA'] || join(home, 'AppData', 'Roaming'), APP_FOLDER)
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', APP_FOLDER)
  return join(env['XDG_CONFIG_HOME'] || join(home, '.config'), APP_FOLDER)
}
