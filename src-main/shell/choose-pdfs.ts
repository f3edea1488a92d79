import { dialog, type BrowserWindow, type OpenDialogOptions } from 'electron'

const OPTIONS: OpenDialogOptions = {
  title: 'Add PDFs',
  buttonLabel: 'Add',
  properties: ['openFile', 'multiSelections'],
  // "All files" too: the queue checks a file by its bytes and says why it refuses one.
  filters: [
    { name: 'PDF documents', extensions: ['pdf'] },
    { name: 'All files', extensions: ['*'] }
  ]
}

/** "Add PDFs…": the OS file dialog, attached to the window when there is one; [] when cancelled. */
export async function choosePdfs(parent: BrowserWindow | undefined): Promise<string[]> {
  const result = parent && !parent.isDestroyed() ? await dialog.showOpenDialog(parent, OPTIONS) : await dialog.showOpenDialog(OPTIONS)
  return result.canceled ? [] : result.filePaths
}
