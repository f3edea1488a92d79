import { clipboard, ClipboardItem, dialog, nativeImage, type BrowserWindow, type OpenDialogOptions } from 'electron'
import type { ShareHost } from '../core/share/share-host'

const SAVE_CODES: OpenDialogOptions = { title: 'Save QR codes', buttonLabel: 'Save here', properties: ['openDirectory', 'createDirectory'] }

/**
 * Share's ways out of the window: rich text and images on Electron's clipboard (Electron 45's
 * W3C-style clipboard: one ClipboardItem holding each type, written at once), a file dragged
 * out with webContents.startDrag (during the drag the window started; the icon must not be empty
 * on macOS), and the folder dialog of "Save QR codes…".
 */
export function electronShareHost(window: () => BrowserWindow | undefined): ShareHost {
  return {
    copyRich: (text, html) => void clipboard.write([new ClipboardItem({ 'text/plain': text, 'text/html': html })]),
    copyImage: (png) => void clipboard.write([new ClipboardItem({ 'image/png': new Blob([Buffer.from(png)], { type: 'image/png' }) })]),
    startDrag(file, iconPng) {
      const target = window()
      if (target && !target.isDestroyed()) target.webContents.startDrag({ file, icon: nativeImage.createFromBuffer(Buffer.from(iconPng)) })
    },
    async chooseFolder() {
      const parent = window()
      const result = parent && !parent.isDestroyed() ? await dialog.showOpenDialog(parent, SAVE_CODES) : await dialog.showOpenDialog(SAVE_CODES)
      return result.canceled ? null : (result.filePaths[0] ?? null)
    }
  }
}
