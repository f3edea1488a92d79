import type { ContentKind } from './content-kind'
import type { ParseVerdict } from './parse-messages'
import type { Sentence } from '../../../../src-shared/i18n/said'
import { sentence } from '../../i18n/sentence'

/*
 * The words for a file that is not a PDF the service can publish, one reason each. They name
 * the file by its base name and say what to do where there is something to do.
 */

/** Why a file's content keeps it from becoming a job. */
export type ContentRefusal = 'not-pdf' | 'damaged' | 'password' | 'no-pages' | 'unchecked'

/** What a file looks like instead, each a whole sentence (src-shared/i18n/core/coreQueue). */
const LOOKS_LIKE: Partial<Record<ContentKind, (file: string) => Sentence>> = {
  'web-page': (file) => sentence('coreQueue.refusal.webPage', { file }),
  png: (file) => sentence('coreQueue.refusal.png', { file }),
  jpeg: (file) => sentence('coreQueue.refusal.jpeg', { file }),
  gif: (file) => sentence('coreQueue.refusal.gif', { file }),
  tiff: (file) => sentence('coreQueue.refusal.tiff', { file }),
  webp: (file) => sentence('coreQueue.refusal.webp', { file }),
  zip: (file) => sentence('coreQueue.refusal.zip', { file }),
  text: (file) => sentence('coreQueue.refusal.text', { file })
}

/** A file that is something else than a PDF, named by what it looks like when that is known. */
export function notPdfSentence(name: string, looksLike: ContentKind): Sentence {
  const namedPdf = /\.pdf$/i.test(name)
  // notes.txt being text is what its name says already; a .pdf that is text is worth explaining.
  const what = looksLike === 'text' && !namedPdf ? undefined : LOOKS_LIKE[looksLike]
  if (what) return what(name)
  // The name may end in .pdf; what matters is what PDF readers find inside.
  return namedPdf ? sentence('coreQueue.refusal.notPdfInside', { file: name }) : sentence('coreQueue.refusal.notPdf', { file: name })
}

/** The same, as English text (what the links' PDF check reports). */
export const notPdfReason = (name: string, looksLike: ContentKind): string => notPdfSentence(name, looksLike).text

/**
 * The refusal for what the parser said of a file the structure check found unusual, or null
 * when it opens with pages. `header`: it starts like a PDF; `cutShort`: its end is missing.
 */
export function parsedRefusalSentence(
  name: string,
  parsed: ParseVerdict,
  file: { header: boolean; cutShort: boolean }
): { code: ContentRefusal; reason: Sentence } | null {
  const values = { file: name }
  switch (parsed.kind) {
    case 'pdf':
      return parsed.pages > 0 ? null : { code: 'no-pages', reason: sentence('coreQueue.refusal.noPages', values) }
    case 'password':
      return { code: 'password', reason: sentence('coreQueue.refusal.password', values) }
    case 'over-budget':
      return { code: 'unchecked', reason: sentence('coreQueue.refusal.unchecked', values) }
    case 'damaged':
      if (!file.header) return { code: 'not-pdf', reason: notPdfSentence(name, 'unknown') }
      if (file.cutShort) return { code: 'damaged', reason: sentence('coreQueue.refusal.incomplete', values) }
      return { code: 'damaged', reason: sentence('coreQueue.refusal.damaged', values) }
  }
}

/** The same, as English text (what the links' PDF check reports). */
export function parsedRefusal(name: string, parsed: ParseVerdict, file: { header: boolean; cutShort: boolean }): { code: ContentRefusal; reason: string } | null {
  const refused = parsedRefusalSentence(name, parsed, file)
  return refused && { code: refused.code, reason: refused.reason.text }
}
