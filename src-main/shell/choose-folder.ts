import { dialog, type BrowserWindow, type OpenDialogOptions } from 'electron'
import { t } from './i18n/desktop-i18n'

/** Made at each opening: the words follow main's language. */
const options = (): OpenDialogOptions => ({
  title: t('desktop.dialogs.hotFolderTitle'),
  buttonLabel: t('desktop.dialogs.hotFolderButton'),
  properties: ['openDirectory', 'createDirectory']
})

/** "Add a hot folder…": the OS folder dialog, attached to the window when there is one; null when cancelled. */
export async function chooseFolder(parent: BrowserWindow | undefined): Promise<string | null> {
  const result = parent && !parent.isDestroyed() ? await dialog.showOpenDialog(parent, options()) : await dialog.showOpenDialog(options())
  return result.canceled ? null : (result.filePaths[0] ?? null)
}
