import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { libraryKey } from '../../../src-shared/domain/library'
import { readFrames } from './sample-codec'
import { COUNTED, decodeCounted, decodeState, STATE, ZERO, type Counts } from './sample-frames'

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

/** What a scan tells, in time order. Items are numbered across segments (`item`), named by `keys[item]`. */
export interface HistoryVisitor {
  /** An item got its number: its library key. */
  named?(item: number, key: string): void
  /** What was known of an item when the first segment read began (its counts were read at `lastSeen`). */
  known?(item: number, counts: Readonly<Counts>, firstSeen: number, lastSeen: number, gone: boolean): void
  /** An item first counted at `time` (its first counts follow as a change). */
  firstSeen?(item: number, time: number): void
  /** A refresh at `time`; `seen(item)` says whether it counted that item. */
  counted?(time: number, items: readonly number[]): void
  /** An item's counts changed (or were first read) at `time`. */
  changed?(item: number, time: number, counts: Readonly<Counts>): void
  gone?(item: number, time: number): void
}

export interface ScanResult {
  keys: string[]
}

/**
 * Reads an account's history from the segment holding `from` (the whole of it, to know each
 * item's counts at `from`) to the end. A torn or damaged tail ends its segment's reading there.
 */
export async function scanHistory(dir: string, from: number, visitor: HistoryVisitor, onlyKey?: string): Promise<ScanResult> {
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
  const onlyNumber = onlyKey === undefined ? undefined : numberOf(onlyKey)
  for (let s = start; s < segments.length; s++) {
    const bytes = await readFile(join(dir, segments[s] as string))
    const { frames } = readFrames(bytes)
    /** The segment's items: global numbers and counts, by segment index. */
    const items: number[] = []
    let counts: Counts[] = []
    for (const frame of frames) {
      if (frame.type === STATE) {
        const state = decodeState(frame.payload)
        counts = []
        items.length = 0
        for (const entry of state.entries) {
          const item = numberOf(libraryKey(entry.docType, entry.id))
          items.push(item)
          counts.push(entry.counts)
          // Only the first segment read tells what was known before: later ones repeat it.
          if (s === start && (onlyNumber === undefined || onlyNumber === item)) visitor.known?.(item, entry.counts, entry.firstSeen, entry.lastSeen, entry.gone)
        }
        continue
      }
      if (frame.type !== COUNTED) continue
      const firstNew = items.length
      const changes: [number, Counts | null][] = []
      const head = decodeCounted(frame.payload, (index) => counts[index] ?? ZERO, firstNew, (index, next) => changes.push([index, next]))
      for (const added of head.added) {
        const item = numberOf(libraryKey(added.docType, added.id))
        items.push(item)
        counts.push(ZERO)
        if (onlyNumber === undefined || onlyNumber === item) visitor.firstSeen?.(item, head.time)
      }
      if (visitor.counted) {
        const seen: number[] = []
        for (let byte = 0; byte < head.seen.length; byte++) {
          const bits = head.seen[byte] as number
          if (bits === 0) continue
          for (let bit = 0; bit < 8; bit++) {
            if ((bits & (1 << bit)) === 0) continue
            const item = items[byte * 8 + bit]
            if (item !== undefined && (onlyNumber === undefined || onlyNumber === item)) seen.push(item)
          }
        }
        visitor.counted(head.time, seen)
      }
      for (const [index, next] of changes) {
        const item = items[index]
        if (item === undefined) continue
        if (next === null) {
          if (onlyNumber === undefined || onlyNumber === item) visitor.gone?.(item, head.time)
          continue
        }
        counts[index] = next
        if (onlyNumber === undefined || onlyNumber === item) visitor.changed?.(item, head.time, next)
      }
    }
  }
  return { keys }
}
