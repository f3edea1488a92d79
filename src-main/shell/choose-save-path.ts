import { extname } from 'node:path'
import { dialog, type BrowserWindow, type FileFilter, type SaveDialogOptions } from 'electron'

/** The dialog's file type, from the name it proposes ("Download PDF", "Export CSV", a QR code or a social card). */
const FILTERS: Record<string, FileFilter> = {
  '.pdf': { name: 'PDF documents', extensions: ['pdf'] },
  '.csv': { name: 'CSV spreadsheets', extensions: ['csv'] },
  '.svg': { name: 'SVG images', extensions: ['svg'] },
  '.png': { name: 'PNG images', extensions: ['png'] }
}

/** The OS save dialog, attached to the window when there is one, proposing `defaultName`; null when cancelled. */
export async function chooseSavePath(parent: BrowserWindow | undefined, defaultName: string): Promise<string | null> {
  const filter = FILTERS[extname(defaultName).toLowerCase()]
  const options: SaveDialogOptions = { defaultPath: defaultName, ...(filter ? { filters: [filter] } : {}) }
  const result = parent && !parent.isDestroyed() ? await dialog.showSaveDialog(parent, options) : await dialog.showSaveDialog(options)
  return result.canceled || !result.filePath ? null : result.filePath
}
