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
