import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { libraryKey } from '../../../src-shared/domain/library'
import { readFrames } from './sample-codec'
import { applyChanges, COUNTED, decodeState, readCountedHead, STATE } from './sample-frames'

/** A month's file: `2026-11.samples`. */
const SEGMENT = /^(\d{4})-(\d{2})\.samples$/

export function segmentName(time: number): string {
  return `${new Date(time * 1000).toISOString().slice(0, 7)}.samples`
}

/** The segment files of an account's folder, oldest first. */
export async function listSegments(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).filter((name) => SEGMENT.test(name)).sort()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
}

/** Four numbers per index, growing as items come (no object per item: 10,000 items are read per frame). */
export class CountTable {
  data = new Float64Array(4 * 1024)

  ensure(size: number): void {
    if (size * 4 <= this.data.length) return
    let length = this.data.length
    while (length < size * 4) length *= 2
    const grown = new Float64Array(length)
    grown.set(this.data)
    this.data = grown
  }
}

/**
 * What a scan tells, in time order. Items are numbered across segments (`item`, named by
 * `named`); counts are four numbers at `at` of `counts` (views, leads, sales, approvals),
 * valid during the call only.
 */
export interface HistoryVisitor {
  /** An item got its number: its library key. */
  named?(item: number, key: string): void
  /** What was known of an item when the first segment read began (its counts were read at `lastSeen`). */
  known?(item: number, counts: Float64Array, at: number, firstSeen: number, lastSeen: number, gone: boolean): void
  /** An item first counted at `time` (its first counts follow as a change). */
  firstSeen?(item: number, time: number): void
  /** A refresh at `time` counted these items (the first `length` of `items`). */
  counted?(time: number, items: Int32Array, length: number): void
  /** An item's counts changed (or were first read) at `time`. */
  changed?(item: number, time: number, counts: Float64Array, at: number): void
  gone?(item: number, time: number): void
}

export interface ScanResult {
  keys: string[]
}

export interface ScanOptions {
  /** Only this item's history is told. */
  onlyKey?: string
  /**
   * After this moment only which items were counted, and new items' first counts, are told
   * (the latest counts are known from memory): most of 90 days is then never decoded.
   */
  valuesUntil?: number
}

/**
 * Reads an account's history from the segment holding `from` (the whole of it, to know each
 * item's counts at `from`) to the end. A torn or damaged tail ends its segment's reading there.
 */
export async function scanHistory(dir: string, from: number, visitor: HistoryVisitor, options: ScanOptions = {}): Promise<ScanResult> {
  const { onlyKey, valuesUntil = Infinity } = options
  const segments = await listSegments(dir)
  const fromName = segmentName(from)
  let start = segments.findIndex((name) => name > fromName)
  start = start === -1 ? segments.length - 1 : start - 1
  if (start < 0) start = 0
  const keys: string[] = []
  const numbers = new Map<string, number>()
  const numberOf = (key: string): number => {
    let known = numbers.get(key)
    if (known === undefined) {
      known = keys.length
      keys.push(key)
      numbers.set(key, known)
      visitor.named?.(known, key)
    }
    return known
  }
  const only = onlyKey === undefined ? -1 : numberOf(onlyKey)
  const wanted = (item: number): boolean => only === -1 || only === item
  const counts = new CountTable()
  let seen = new Int32Array(1024)
  for (let s = start; s < segments.length; s++) {
    const { frames } = readFrames(await readFile(join(dir, segments[s] as string)))
    /** The segment's items: global numbers by segment index. */
    let items = new Int32Array(1024)
    let size = 0
    const add = (item: number): void => {
      if (size === items.length) {
        const grown = new Int32Array(items.length * 2)
        grown.set(items)
        items = grown
      }
      items[size++] = item
    }
    for (const frame of frames) {
      if (frame.type === STATE) {
        const state = decodeState(frame.payload)
        size = 0
        counts.ensure(state.entries.length)
        for (const entry of state.entries) {
          const item = numberOf(libraryKey(entry.docType, entry.id))
          const index = size
          add(item)
          counts.data.set(entry.counts, index * 4)
          // Only the first segment read tells what was known before: later ones repeat it.
          if (s === start && wanted(item)) visitor.known?.(item, counts.data, index * 4, entry.firstSeen, entry.lastSeen, entry.gone)
        }
        continue
      }
      if (frame.type !== COUNTED) continue
      const head = readCountedHead(frame.payload)
      counts.ensure(size + head.added.length)
      for (const added of head.added) {
        const item = numberOf(libraryKey(added.docType, added.id))
        counts.data.fill(0, size * 4, size * 4 + 4)
        add(item)
        if (wanted(item)) visitor.firstSeen?.(item, head.time)
      }
      if (visitor.counted) {
        if (seen.length < size) seen = new Int32Array(size * 2)
        let length = 0
        const bitmap = head.seen
        for (let byte = 0; byte < bitmap.length; byte++) {
          const bits = bitmap[byte] as number
          if (bits === 0) continue
          for (let bit = 0; bit < 8; bit++) {
            if ((bits & (1 << bit)) === 0) continue
            const index = byte * 8 + bit
            if (index >= size) continue
            const item = items[index] as number
            if (wanted(item)) seen[length++] = item
          }
        }
        visitor.counted(head.time, seen, length)
      }
      const firstNew = size - head.added.length
      if (head.time > valuesUntil && head.added.length === 0) continue
      applyChanges(head, counts.data, (index, gone) => {
        if (index >= size || (head.time > valuesUntil && index < firstNew)) return
        const item = items[index] as number
        if (!wanted(item)) return
        if (gone) visitor.gone?.(item, head.time)
        else visitor.changed?.(item, head.time, counts.data, index * 4)
      })
    }
  }
  return { keys }
}
