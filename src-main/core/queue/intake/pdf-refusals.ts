import type { ContentKind } from './content-kind'
import type { ParseVerdict } from './parse-messages'

/*
 * The words for a file that is not a PDF the service can publish, one reason each. They name
 * the file by its base name and say what to do where there is something to do.
 */

/** Why a file's content keeps it from becoming a job. */
export type ContentRefusal = 'not-pdf' | 'damaged' | 'password' | 'no-pages' | 'unchecked'

const LOOKS_LIKE: Partial<Record<ContentKind, string>> = {
  'web-page': 'a web page (often the error page of a download that failed)',
  png: 'a PNG image',
  jpeg: 'a JPEG image',
  gif: 'a GIF image',
  tiff: 'a TIFF image',
  webp: 'a WebP image',
  zip: 'a zip archive (Word, Excel and PowerPoint files are zip archives too); unpack it, or export the document as PDF',
  text: 'plain text; export it from the app that made it as PDF'
}

/** A file that is something else than a PDF, named by what it looks like when that is known. */
export function notPdfReason(name: string, looksLike: ContentKind): string {
  const namedPdf = /\.pdf$/i.test(name)
  // notes.txt being text is what its name says already; a .pdf that is text is worth explaining.
  const what = looksLike === 'text' && !namedPdf ? undefined : LOOKS_LIKE[looksLike]
  if (what) return `${name} is not a PDF: it is ${what}.`
  // The name may end in .pdf; what matters is what PDF readers find inside.
  return namedPdf ? `${name} is not a PDF inside, although its name ends in .pdf; PDF readers cannot open it.` : `${name} is not a PDF.`
}

/**
 * The refusal for what the parser said of a file the structure check found unusual, or null
 * when it opens with pages. `header`: it starts like a PDF; `cutShort`: its end is missing.
 */
export function parsedRefusal(name: string, parsed: ParseVerdict, file: { header: boolean; cutShort: boolean }): { code: ContentRefusal; reason: string } | null {
  switch (parsed.kind) {
    case 'pdf':
      return parsed.pages > 0 ? null : { code: 'no-pages', reason: `${name} has no pages, so there is nothing to publish.` }
    case 'password':
      return {
        code: 'password',
        reason: `${name} is protected by a password, which the service cannot open. Save a copy without the password and add that copy.`
      }
    case 'over-budget':
      return {
        code: 'unchecked',
        reason: `${name} could not be checked: reading it took too long or needed too much memory. Open it in a PDF reader, save a copy and add that copy.`
      }
    case 'damaged':
      if (!file.header) return { code: 'not-pdf', reason: notPdfReason(name, 'unknown') }
      if (file.cutShort) {
        return {
          code: 'damaged',
          reason: `${name} is incomplete: its end is missing (a copy or download that did not finish, or a save still under way), and PDF readers cannot open it.`
        }
      }
      return { code: 'damaged', reason: `${name} is damaged beyond what PDF readers can repair, so it cannot be published.` }
  }
}
