import { readableName } from '../../../src-shared/domain/readable-name'
import type { DocType } from '../../../src-shared/domain/service/item'
import type { Quota } from '../../../src-shared/domain/service/quota'
import type { Sentence } from '../../../src-shared/i18n/said'
import { sentence } from '../i18n/sentence'

const MB = 1024 * 1024

/** Sizes as the plan states them: the service's MB are 1,048,576 bytes (MaxFileSizeBytes = MB × 1,048,576). */
export function formatMb(bytes: number): string {
  const mb = bytes / MB
  if (mb >= 10 || Number.isInteger(mb)) return `${Math.round(mb)} MB`
  return `${mb < 0.1 ? mb.toFixed(2) : mb.toFixed(1)} MB`
}

/**
 * A file over the plan's upload limit, said before a byte is sent ("report.pdf is 212 MB;
 * your plan allows 100 MB."); null when it fits or the limit is unknown (the service's 413
 * stays the final word then).
 */
export function sizeProblem(fileName: string, size: number, limitBytes: number | null): Sentence | null {
  if (limitBytes === null || size <= limitBytes) return null
  // Sizes as the plan states them, as text: "1.5 MB" is said the same in every language here.
  return sentence('coreQueue.failure.tooLarge', { file: fileName, size: formatMb(size), limit: formatMb(limitBytes) })
}

/** Why a create waits for room in its plan, said on its row and in the command's line. */
export function noRoomMessage(docType: DocType, quota: Quota): Sentence {
  return docType === 'Document'
    ? sentence('coreQueue.waiting.noRoomDocument', { max: quota.max }, quota.max)
    : sentence('coreQueue.waiting.noRoomFlipbook', { max: quota.max }, quota.max)
}

/** A job's name from a file name: without the .pdf ending, control characters made readable. */
export function nameFromFile(fileName: string): string {
  const stem = readableName(fileName.replace(/\.pdf$/i, ''))
  return stem === '' ? readableName(fileName) || fileName : stem
}

/** A job's name from a URL: its last path segment without .pdf, else its host. */
export function nameFromUrl(url: string): string {
  const parsed = new URL(url)
  const last = parsed.pathname.split('/').filter(Boolean).at(-1) ?? ''
  let segment: string
  try {
    segment = decodeURIComponent(last)
  } catch {
    segment = last
  }
  return nameFromFile(segment) || parsed.hostname
}
