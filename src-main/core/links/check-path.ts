import { stat } from 'node:fs/promises'
import { isAbsolute, normalize } from 'node:path'
import { AppError } from '../../../src-shared/contract/errors'

/**
 * A path from the window or the command, checked in main before anything is linked or
 * watched: absolute, there, and a regular file or a folder as asked. Returns it normalized.
 */
export async function checkPath(path: string, kind: 'file' | 'folder'): Promise<string> {
  if (!isAbsolute(path)) throw new AppError('invalid-input', `${path} is not a full path.`)
  const clean = normalize(path).replace(/(.)[\\/]+$/, '$1')
  let isKind: boolean
  try {
    const stats = await stat(clean)
    isKind = kind === 'file' ? stats.isFile() : stats.isDirectory()
  } catch {
    throw new AppError('not-found', `${clean} was not found.`)
  }
  if (!isKind) throw new AppError('invalid-input', kind === 'file' ? `${clean} is not a file.` : `${clean} is not a folder.`)
  return clean
}
