import { basename } from 'node:path'
import type { CsvExport } from '../../../src-shared/contract/uploads'
import { writeFileDurably } from '../storage/durable-file'
import type { JobRecord } from './job-record'

/** The columns, in the words of the window; one row per published job. */
const HEADER = ['Name', 'Title', 'Kind', 'Link', 'Pages', 'File'] as const

/**
 * A cell as spreadsheets read it safely: quoted when it holds a comma, quote or line break
 * (RFC 4180), and a leading = + - @ (or tab, carriage return) neutralised with an apostrophe,
 * so a PDF named "=HYPERLINK(…)" is text in Excel, never a formula (CSV injection).
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return ''
  let text = String(value)
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** The published jobs among `jobs`, as CSV text (UTF-8 with a BOM so Excel reads accents, CRLF lines). */
export function jobsToCsv(jobs: readonly JobRecord[]): { text: string; rows: number } {
  const lines = [HEADER.join(',')]
  let rows = 0
  for (const job of jobs) {
    if (job.state !== 'done' || !job.result) continue
    const file = job.source.type === 'file' ? job.source.fileName : job.source.url
    const pages = job.result.pages ?? (job.source.type === 'file' ? job.source.pages : null)
    lines.push([job.name, job.title, job.docType, job.result.url, pages, file].map(csvCell).join(','))
    rows++
  }
  return { text: `\uFEFF${lines.join('\r\n')}\r\n`, rows }
}

export interface CsvExportRequest {
  /** The jobs asked for, in the order the window shows them; missing and unfinished ones are left out. */
  jobs: readonly JobRecord[]
  /** The OS save dialog (main's); null when cancelled. */
  chooseSavePath: (defaultName: string) => Promise<string | null>
  now?: Date
}

/**
 * "Export CSV": the save dialog first (cancelled: nothing is written), then one row per
 * published job, written whole or not at all.
 */
export async function exportJobsCsv(request: CsvExportRequest): Promise<CsvExport> {
  const { text, rows } = jobsToCsv(request.jobs)
  const day = (request.now ?? new Date()).toISOString().slice(0, 10)
  const path = await request.chooseSavePath(`FlipDrop links ${day}.csv`)
  if (path === null) return { fileName: null, rows: 0 }
  await writeFileDurably(path, text)
  // The window names the file it saved, never the folders above it.
  return { fileName: basename(path), rows }
}
