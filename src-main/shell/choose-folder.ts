import { dialog, type BrowserWindow, type OpenDialogOptions } from 'electron'

const OPTIONS: OpenDialogOptions = { title: 'Add a hot folder', buttonLabel: 'Watch this folder', properties: ['openDirectory', 'createDirectory'] }

/** "Add a hot folder…": the OS folder dialog, attached to the window when there is one; null when cancelled. */
export async function chooseFolder(parent: BrowserWindow | undefined): Promise<string | null> {
  const result = parent && !parent.isDestroyed() ? await dialog.showOpenDialog(parent, OPTIONS) : await dialog.showOpenDialog(OPTIONS)
  return result.canceled ? null : (result.filePaths[0] ?? null)
}
