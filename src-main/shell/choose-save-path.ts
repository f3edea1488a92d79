import { dialog, type BrowserWindow, type SaveDialogOptions } from 'electron'

/** "Download PDF": the OS save dialog, attached to the window when there is one, proposing `defaultName`; null when cancelled. */
export async function chooseSavePath(parent: BrowserWindow | undefined, defaultName: string): Promise<string | null> {
  const options: SaveDialogOptions = { defaultPath: defaultName, filters: [{ name: 'PDF documents', extensions: ['pdf'] }] }
  const result = parent && !parent.isDestroyed() ? await dialog.showSaveDialog(parent, options) : await dialog.showSaveDialog(options)
  return result.canceled || !result.filePath ? null : result.filePath
}
