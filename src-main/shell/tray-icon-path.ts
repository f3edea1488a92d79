import { join } from 'node:path'

/** Where the tray icons are: electron-builder copies build/tray to resources/tray (extraResources). */
export const TRAY_ICON_FOLDER = 'tray'

/**
 * The tray icon file for this platform. macOS gets a black template image (the menu bar
 * tints it for light and dark); Windows and Linux the coloured one. The `@2x` files beside
 * them are picked up by Electron on high-density screens. Outside the asar archive, so the
 * OS tray (which may read the file itself on Linux) can open it.
 */
export function trayIconPath(options: { platform: NodeJS.Platform; packaged: boolean; resourcesPath: string; appPath: string }): string {
  const folder = options.packaged ? join(options.resourcesPath, TRAY_ICON_FOLDER) : join(options.appPath, 'build', TRAY_ICON_FOLDER)
  return join(folder, options.platform === 'darwin' ? 'trayTemplate.png' : 'tray.png')
}
