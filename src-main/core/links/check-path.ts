import { stat } from 'node:fs/promises'
import { isAbsolute, normalize } from 'node:path'
import { AppError } from '../../../src-shared/contract/errors'
import { sentence } from '../i18n/sentence'

/**
 * A path from the window or the command, checked in main before anything is linked or
 * watched: absolute, there, and a regular file or a folder as asked. Returns it normalized.
 */
export async function checkPath(path: string, kind: 'file' | 'folder'): Promise<string> {
  if (!isAbsolute(path)) throw new AppError('invalid-input', sentence('coreLinks.path.notFull', { path }))
  const clean = normalize(path).replace(/(.)[\\/]+$/, '$1')
  let isKind: boolean
  try {
    const stats = await stat(clean)
    isKind = kind === 'file' ? stats.isFile() : stats.isDirectory()
  } catch {
    throw new AppError('not-found', sentence('coreLinks.path.notFound', { path: clean }))
  }
  if (!isKind) throw new AppError('invalid-input', sentence(kind === 'file' ? 'coreLinks.path.notAFile' : 'coreLinks.path.notAFolder', { path: clean }))
  return clean
}
