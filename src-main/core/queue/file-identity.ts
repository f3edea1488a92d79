import { stat } from 'node:fs/promises'

/**
 * Which file is at a path and which version of it: device and inode (a save that renames a
 * new file over the path is a new inode), size (an append or a longer save) and the change
 * time in nanoseconds (a save in place of the same size).
 */
export interface FileIdentity {
  dev: bigint
  ino: bigint
  size: bigint
  mtimeNs: bigint
}

/** The identity of the regular file at `path`; null when there is none (moved, deleted, a folder). */
export async function identityOf(path: string): Promise<FileIdentity | null> {
  try {
    const found = await stat(path, { bigint: true })
    return found.isFile() ? { dev: found.dev, ino: found.ino, size: found.size, mtimeNs: found.mtimeNs } : null
  } catch {
    return null
  }
}

/** True when the file at `path` is no longer the one `before` described (saved again, replaced or gone). */
export async function changedSince(path: string, before: FileIdentity | null): Promise<boolean> {
  const now = await identityOf(path)
  if (before === null || now === null) return before !== now
  return now.dev !== before.dev || now.ino !== before.ino || now.size !== before.size || now.mtimeNs !== before.mtimeNs
}
