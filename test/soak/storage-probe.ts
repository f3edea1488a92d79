import { readdir, readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { logFolder } from '../../src-main/core/logging/log-file'

/** The data folder's files that must stay bounded however long the app runs. */
export interface StorageCounts {
  /** The most entries any one record log (queue, published record…) holds in journals not yet compacted. */
  journalEntries: number
  /** The most journal files any one record-log folder holds (current and previous generation). */
  journalFiles: number
  /** The largest log file, and how many files the log folder holds. */
  logBytes: number
  logFiles: number
}

const JOURNAL = /^journal-\d+\.rec$/

async function recordFolders(dir: string, found: string[] = []): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => [])
  if (entries.some((entry) => entry.isFile() && JOURNAL.test(entry.name))) found.push(dir)
  for (const entry of entries) if (entry.isDirectory()) await recordFolders(join(dir, entry.name), found)
  return found
}

export async function countStorage(dataDir: string): Promise<StorageCounts> {
  let journalEntries = 0
  let journalFiles = 0
  for (const folder of await recordFolders(dataDir)) {
    const journals = (await readdir(folder)).filter((name) => JOURNAL.test(name))
    journalFiles = Math.max(journalFiles, journals.length)
    let lines = 0
    for (const name of journals) lines += (await readFile(join(folder, name), 'utf8')).split('\n').filter((line) => line !== '').length
    journalEntries = Math.max(journalEntries, lines)
  }
  const logs = await readdir(logFolder(dataDir)).catch(() => [] as string[])
  let logBytes = 0
  for (const name of logs) logBytes = Math.max(logBytes, (await stat(join(logFolder(dataDir), name))).size)
  return { journalEntries, journalFiles, logBytes, logFiles: logs.length }
}
