import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The real-world PDFs of pdf.js's test suite (and five non-PDFs) beside the checkout, in
 * `../shared/corpus/pdfjs`, read as they are (never copied into the repository).
 */
export const CORPUS_DIR = join(fileURLToPath(new URL('../..', import.meta.url)), '..', 'shared', 'corpus', 'pdfjs')

/** pdf.js's own opinion of one corpus file (expected.tsv). */
export interface CorpusFile {
  name: string
  path: string
  /** getDocument without a password: opened, needs a password, or failed. */
  open: 'yes' | 'no' | 'password'
  /** Pages pdf.js counts, when it opened the file. */
  pages: number | null
  /** Page 1's operator list: built, failed, or ran out of time or memory. */
  page1: 'yes' | 'no' | 'crash' | null
  /** publish: must be published; refuse: must be refused; either: both are right. */
  expect: 'publish' | 'either' | 'refuse'
  /** pdf.js's error, when it had one. */
  error: string | null
}

const dash = (value: string | undefined): string | null => (value === undefined || value === '-' ? null : value)

/** Every row of expected.tsv, in its order. */
export function corpusFiles(): CorpusFile[] {
  const lines = readFileSync(join(CORPUS_DIR, 'expected.tsv'), 'utf8').split('\n')
  const header = lines.findIndex((line) => line.startsWith('file\t'))
  return lines
    .slice(header + 1)
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => {
      const [name = '', open, pages, page1, expect, error] = line.split('\t')
      return {
        name,
        path: join(CORPUS_DIR, name),
        open: open as CorpusFile['open'],
        pages: dash(pages) === null ? null : Number(pages),
        page1: dash(page1) as CorpusFile['page1'],
        expect: expect as CorpusFile['expect'],
        error: dash(error)
      }
    })
}

/** Whether pdf.js opens the file without a password and counts at least one page. */
export const opensWithPages = (file: CorpusFile): boolean => file.open === 'yes' && (file.pages ?? 0) > 0
