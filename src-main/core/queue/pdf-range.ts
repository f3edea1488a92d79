import { open, type FileHandle } from 'node:fs/promises'
import { AppError } from '../../../src-shared/contract/errors'
import { sentence } from '../i18n/sentence'
import { OPEN_FLAGS } from './intake/pdf-bytes'
import type { JobRecord } from './job-record'

function errorCode(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined
}

async function openJobFile(path: string, fileName: string): Promise<FileHandle> {
  try {
    return await open(path, OPEN_FLAGS)
  } catch (error) {
    const code = errorCode(error)
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      throw new AppError('not-found', sentence('coreQueue.preview.moved', { file: fileName }))
    }
    if (code === 'EACCES' || code === 'EPERM') throw new AppError('not-allowed', sentence('coreQueue.preview.mayNotRead', { file: fileName }))
    throw error
  }
}

/**
 * Reads `length` bytes at `offset` of a queued file's PDF, for its thumbnail. The path is
 * the one main holds for the job (the renderer names only the job), the range must lie
 * within the size recorded when the file was queued, and the file must still have that
 * size: pdf.js was told that length, so bytes of a longer or shorter file would be read
 * against the wrong layout. Only the range is read, through one file handle.
 *
 * The result is a Uint8Array that owns exactly its bytes: a pooled Buffer would carry its
 * whole backing store across IPC (structured clone copies the ArrayBuffer, not the view).
 */
export async function readJobPdfRange(job: JobRecord, offset: number, length: number): Promise<Uint8Array> {
  const source = job.source
  if (source.type !== 'file') throw new AppError('not-allowed', sentence('coreQueue.preview.fromLink'))
  const { fileName, size } = source
  if (offset + length > size) {
    throw new AppError('invalid-input', sentence('coreQueue.preview.pastEnd', { file: fileName, size }))
  }
  const handle = await openJobFile(source.path, fileName)
  try {
    const stats = await handle.stat()
    if (!stats.isFile() || stats.size !== size) {
      throw new AppError('not-allowed', sentence('coreQueue.preview.sizeChanged', { file: fileName, size, now: stats.size }))
    }
    const bytes = new Uint8Array(length)
    let filled = 0
    while (filled < length) {
      const { bytesRead } = await handle.read(bytes, filled, length - filled, offset + filled)
      // Shorter than its stat said a moment ago: it is being rewritten.
      if (bytesRead === 0) throw new AppError('not-allowed', sentence('coreQueue.preview.changedWhileRead', { file: fileName }))
      filled += bytesRead
    }
    return bytes
  } finally {
    await handle.close()
  }
}
