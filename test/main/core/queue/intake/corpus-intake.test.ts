import { afterAll, describe, expect, it } from 'vitest'
import { createLogger } from '../../../../../src-main/core/log'
import { createInspector } from '../../../../../src-main/core/queue/intake/inspect-off-thread'
import type { Intake } from '../../../../../src-main/core/queue/intake/inspect-paths'
import { corpusFiles, opensWithPages, type CorpusFile } from '../../../../support/pdfjs-corpus'

/*
 * pdf.js's own test PDFs (and five non-PDFs) through the intake as the app runs it: the
 * worker thread, the cheap structure check, and pdf.js in its parse worker for the unusual.
 * Each file is given alone, as a drop of one file would be.
 */

const files = corpusFiles()
const warnings: string[] = []
const inspector = createInspector(createLogger((level, line) => level !== 'info' && warnings.push(line)))
afterAll(() => inspector.close())

/** The refusal code pdf.js's opinion calls for. */
function codeFor(file: CorpusFile): string {
  if (file.name === 'not-a-pdf-empty.pdf') return 'empty'
  if (file.name.startsWith('not-a-pdf-')) return 'not-pdf'
  if (file.open === 'password') return 'password'
  if (file.open === 'yes') return 'no-pages'
  return 'damaged'
}

describe('the intake on pdf.js’s test corpus', () => {
  const results = new Map<string, Intake>()

  it('accepts every file pdf.js opens with pages, with pdf.js’s page count, and refuses the rest with pdf.js’s reason', async () => {
    for (const file of files) results.set(file.name, await inspector.inspect([file.path]))
    const wrong: string[] = []
    for (const file of files) {
      const { accepted, refused } = results.get(file.name) ?? { accepted: [], refused: [] }
      if (opensWithPages(file)) {
        if (accepted[0]?.pages !== file.pages) wrong.push(`${file.name}: expected ${String(file.pages)} pages, got ${JSON.stringify({ accepted, refused })}`)
      } else if (refused[0]?.code !== codeFor(file)) {
        wrong.push(`${file.name}: expected a refusal "${codeFor(file)}", got ${JSON.stringify({ accepted, refused })}`)
      }
    }
    expect(wrong).toEqual([])
    expect(warnings).toEqual([])
  }, 120_000)

  it('names the file and the reason in every refusal, in plain words', () => {
    const reasons = [...results.values()].flatMap((result) => result.refused)
    expect(reasons.length).toBe(files.filter((file) => !opensWithPages(file)).length)
    for (const refusal of reasons) {
      expect(refusal.reason.startsWith(refusal.fileName)).toBe(true)
      expect(refusal.reason).not.toMatch(/Exception|xref|trailer|stack|undefined|\/work\//i)
    }
    const byName = Object.fromEntries(reasons.map((refusal) => [refusal.fileName, refusal.reason]))
    expect(byName['not-a-pdf-html-error-page.pdf']).toContain('web page')
    expect(byName['not-a-pdf-png-image.pdf']).toContain('PNG image')
    expect(byName['not-a-pdf-zip-archive.pdf']).toContain('zip archive')
    expect(byName['not-a-pdf-empty.pdf']).toContain('empty')
    expect(byName['issue6010_2.pdf']).toContain('Save a copy without the password')
    expect(byName['pdf-lib-zero-pages.pdf']).toContain('no pages')
    expect(byName['truncated-tracemonkey-first-half.pdf']).toContain('its end is missing')
    expect(byName['REDHAT-1531897-0.pdf']).toContain('damaged')
  })
})
