import { createHash } from 'node:crypto'
import { open } from 'node:fs/promises'
import { OPEN_FLAGS } from './pdf-bytes'

/** A file's content fingerprint and the stat that describes exactly those bytes. */
export interface FileHash {
  /** SHA-256 of the content, lowercase hex. */
  sha256: string
  size: number
  mtimeMs: number
}

/** Thrown when a file changes while it is hashed, so the hash describes no version of it. */
export class FileChangedError extends Error {
  constructor(path: string) {
    super(`The file changed while it was being read: ${path}`)
    this.name = 'FileChangedError'
  }
}

/** One reused buffer: memory stays flat whatever the file size. */
const CHUNK = 1024 * 1024

/**
 * Streams the file through SHA-256. Size and mtime come from an fstat of the same open handle,
 * and exactly that many bytes are hashed; a second fstat at the end catches a file still being
 * written (then {@link FileChangedError} is thrown: the caller may wait and try again).
 */
export async function hashFile(path: string): Promise<FileHash> {
  const handle = await open(path, OPEN_FLAGS)
  try {
    const before = await handle.stat()
    // A pipe or device has no fixed content to fingerprint.
    if (!before.isFile()) throw new Error(`Not a regular file: ${path}`)
    const hash = createHash('sha256')
    const buffer = Buffer.allocUnsafe(Math.min(CHUNK, Math.max(1, before.size)))
    let position = 0
    while (position < before.size) {
      const length = Math.min(buffer.length, before.size - position)
      const { bytesRead } = await handle.read(buffer, 0, length, position)
      if (bytesRead === 0) throw new FileChangedError(path) // shorter than its stat said
      // update() consumes the bytes before the next read overwrites the buffer.
      hash.update(buffer.subarray(0, bytesRead))
      position += bytesRead
    }
    const after = await handle.stat()
    if (after.size !== before.size || after.mtimeMs !== before.mtimeMs) throw new FileChangedError(path)
    return { sha256: hash.digest('hex'), size: before.size, mtimeMs: before.mtimeMs }
  } finally {
    await handle.close()
  }
}
