import { extname } from 'node:path'
import { dialog, type BrowserWindow, type FileFilter, type SaveDialogOptions } from 'electron'
import { t } from './i18n/desktop-i18n'

/** The dialog's file type, from the name it proposes ("Download PDF", "Export CSV", a QR code or a social card). */
const FILTERS: Record<string, { key: string; extension: string }> = {
  '.pdf': { key: 'desktop.dialogs.pdfDocuments', extension: 'pdf' },
  '.csv': { key: 'desktop.dialogs.csvSpreadsheets', extension: 'csv' },
  '.svg': { key: 'desktop.dialogs.svgImages', extension: 'svg' },
  '.png': { key: 'desktop.dialogs.pngImages', extension: 'png' }
}

/** The file type named in main's language of the moment. */
function filterFor(defaultName: string): FileFilter | undefined {
  const type = FILTERS[extname(defaultName).toLowerCase()]
  return type ? { name: t(type.key), extensions: [type.extension] } : undefined
}

/** The OS save dialog, attached to the window when there is one, proposing `defaultName`; null when cancelled. */
export async function chooseSavePath(parent: BrowserWindow | undefined, defaultName: string): Promise<string | null> {
  const filter = filterFor(defaultName)
  const options: SaveDialogOptions = { defaultPath: defaultName, ...(filter ? { filters: [filter] } : {}) }
  const result = parent && !parent.isDestroyed() ? await dialog.showSaveDialog(parent, options) : await dialog.showSaveDialog(options)
  return result.canceled || !result.filePath ? null : result.filePath
}
