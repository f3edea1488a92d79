import { stat } from 'node:fs/promises'
import { checkPdfBytes } from '../queue/intake/pdf-bytes'
import { FileChangedError, hashFile } from '../queue/intake/hash-file'

/** What a watched file is right now, judged only once it has settled. */
export type FileLook =
  | { kind: 'missing' }
  /** Not a regular file, empty, no `%PDF-` header, or still being written (no `%%EOF` yet, or it changed while read). */
  | { kind: 'not-ready'; reason: 'not-pdf' | 'incomplete' | 'changing' | 'not-file' }
  | { kind: 'pdf'; sha256: string; size: number }

/**
 * Looks at a file the way the queue will: a regular, non-empty file with the `%PDF-` header
 * and the `%%EOF` trailer (a half-written export has no trailer yet), then its SHA-256. The
 * hash is refused when the file changed while it was read.
 */
export async function lookAtPdf(path: string): Promise<FileLook> {
  try {
    const stats = await stat(path)
    if (!stats.isFile() || stats.size === 0) return { kind: 'not-ready', reason: 'not-file' }
    const verdict = await checkPdfBytes(path, stats.size)
    if (verdict !== 'ok') return { kind: 'not-ready', reason: verdict === 'not-pdf' ? 'not-pdf' : 'incomplete' }
    const { sha256, size } = await hashFile(path)
    // Written again between the two reads: judge the bytes hashed, not the ones checked.
    if (size !== stats.size && (await checkPdfBytes(path, size)) !== 'ok') return { kind: 'not-ready', reason: 'changing' }
    return { kind: 'pdf', sha256, size }
  } catch (error) {
    if (error instanceof FileChangedError) return { kind: 'not-ready', reason: 'changing' }
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'missing' }
    throw error
  }
}
