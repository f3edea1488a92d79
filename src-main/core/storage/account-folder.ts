import { createHash } from 'node:crypto'
import { mkdir, rename, stat } from 'node:fs/promises'
import { dirname } from 'node:path'
import { fsyncDirectory, retryBusyRename } from './durable-file'

/**
 * A file or folder name for an account that is safe everywhere: the UserID itself when it is
 * plain (the service's are digits), else a hash of it (UserIDs are the service's strings).
 */
export function accountFolder(accountId: string): string {
  return /^[\w-]{1,64}$/.test(accountId) ? accountId : createHash('sha256').update(accountId).digest('hex').slice(0, 32)
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path)
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false
    throw error
  }
}

/**
 * Moves a file of the one-account layout to its account's own place, durably (the rename is
 * whole: the data is in one place or the other, never lost or half). Never replaces a file the
 * account already has there; false when nothing moved.
 */
export async function adoptFile(from: string, to: string): Promise<boolean> {
  if ((await exists(to)) || !(await exists(from))) return false
  await mkdir(dirname(to), { recursive: true, mode: 0o700 })
  await retryBusyRename(() => rename(from, to))
  await fsyncDirectory(dirname(to))
  if (dirname(from) !== dirname(to)) await fsyncDirectory(dirname(from))
  return true
}
