import { shell } from 'electron'
import { checkExternalUrl } from '../../src-shared/domain/external-url'

/**
 * The only caller of `shell.openExternal` (lint bans it elsewhere): opens a link in the
 * user's browser if, and only if, it is a plain https URL. Returns whether it was opened.
 */
export async function safeOpenExternal(url: unknown): Promise<boolean> {
  const checked = checkExternalUrl(url)
  if (!checked.ok) return false
  await shell.openExternal(checked.url)
  return true
}

/**
 * Opens a folder main chose (the data folder's logs for "Show logs") in the file manager;
 * never a path from the renderer. Here because lint lets only this file reach `shell`.
 * Resolves with Electron's error text, '' when it opened.
 */
export function openFolder(path: string): Promise<string> {
  return shell.openPath(path)
}

/**
 * Shows a file selected in its folder (the file manager), opening nothing: for a PDF the core
 * saved ("Download PDF"), which the core checks. Here because lint lets only this file reach `shell`.
 */
export function showFileInFolder(path: string): void {
  shell.showItemInFolder(path)
}
