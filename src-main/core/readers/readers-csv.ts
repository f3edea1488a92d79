import { createWriteStream } from 'node:fs'
import { once } from 'node:events'
import { csvCell } from '../queue/export-csv'
import { scanHistory } from './history-scan'
import { isoOf } from './trends'

const HEADER = ['Time', 'ID', 'Kind', 'Name', 'Link', 'Views', 'Leads', 'Sales', 'Approvals']

/**
 * Every sample of the chosen items (or all) as CSV: one row per count FlipDrop kept (the counts
 * when first read and each time they changed), times in ISO 8601 with the time of day, UTF-8
 * with a BOM and CRLF as spreadsheets expect. Streamed: a year of 10,000 items is millions of rows.
 */
export async function writeSamplesCsv(
  dir: string,
  path: string,
  keys: ReadonlySet<string> | null,
  nameOf: (key: string) => { name: string; url: string | null }
): Promise<number> {
  const out = createWriteStream(path, { mode: 0o644 })
  const failed = once(out, 'error').then(([error]) => Promise.reject(error as Error))
  failed.catch(() => undefined)
  let chunk = `\uFEFF${HEADER.join(',')}\r\n`
  let rows = 0
  const names: string[] = []
  // Taken and emptied at once: rows keep coming while a write drains.
  const flush = async (): Promise<void> => {
    const text = chunk
    chunk = ''
    if (!out.write(text)) await Promise.race([once(out, 'drain'), failed])
  }
  const pending: Promise<void>[] = []
  await scanHistory(dir, 0, {
    named: (item, key) => void (names[item] = key),
    changed: (item, time, counts, at) => {
      const key = names[item] as string
      if (keys && !keys.has(key)) return
      const [docType, id] = key.split(':')
      const { name, url } = nameOf(key)
      chunk += [isoOf(time), id ?? '', docType ?? '', csvCell(name), csvCell(url), counts[at], counts[at + 1], counts[at + 2], counts[at + 3]].join(',') + '\r\n'
      rows++
      if (chunk.length > 64 * 1024) pending.push(flush())
    }
  })
  await Promise.all(pending)
  await flush()
  out.end()
  await Promise.race([once(out, 'finish'), failed])
  return rows
}

/** The name the save dialog offers: "Readers' numbers 2026-11-28.csv". */
export function samplesCsvName(now: Date): string {
  return `Readers numbers ${now.toISOString().slice(0, 10)}.csv`
}
