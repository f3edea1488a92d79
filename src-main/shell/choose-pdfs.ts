import { dialog, type BrowserWindow, type OpenDialogOptions } from 'electron'
import { t } from './i18n/desktop-i18n'

/** Made at each opening: the words follow main's language. */
const options = (): OpenDialogOptions => ({
  title: t('desktop.dialogs.addPdfsTitle'),
  buttonLabel: t('desktop.dialogs.addPdfsButton'),
  properties: ['openFile', 'multiSelections'],
  // "All files" too: the queue checks a file by its bytes and says why it refuses one.
  filters: [
    { name: t('desktop.dialogs.pdfDocuments'), extensions: ['pdf'] },
    { name: t('desktop.dialogs.allFiles'), extensions: ['*'] }
  ]
})

/** "Add PDFs…": the OS file dialog, attached to the window when there is one; [] when cancelled. */
export async function choosePdfs(parent: BrowserWindow | undefined): Promise<string[]> {
  const result = parent && !parent.isDestroyed() ? await dialog.showOpenDialog(parent, options()) : await dialog.showOpenDialog(options())
  return result.canceled ? [] : result.filePaths
}
