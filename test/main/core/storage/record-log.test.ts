import { appendFile, copyFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { durableFileSeam } from '../../../../src-main/core/storage/durable-file'
import { openRecordLog, type OpenedRecordLog } from '../../../../src-main/core/storage/record-log'

interface Entry {
  n: number
}
interface State {
  numbers: number[]
}

function parseEntry(value: unknown): Entry {
  const n = (value as Partial<Entry> | null)?.n
  if (typeof n !== 'number') throw new Error('not an entry')
  return { n }
}

function parseSnapshot(value: unknown): State {
  const numbers = (value as Partial<State> | null)?.numbers
  if (!Array.isArray(numbers) || !numbers.every((n) => typeof n === 'number')) throw new Error('not a snapshot')
  return { numbers }
}

const entries = (...numbers: number[]): Entry[] => numbers.map((n) => ({ n }))
const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i)

let dir: string
const opened: OpenedRecordLog<State, Entry>[] = []
const realWriteAtomic = durableFileSeam.writeAtomic

async function open(): Promise<OpenedRecordLog<State, Entry>> {
  const result = await openRecordLog<State, Entry>({ dir, parseSnapshot, parseEntry })
  opened.push(result)
  return result
}

/** Opens, replays, closes: what a restart would see. */
async function reopen(): Promise<{ snapshot: State | null; numbers: number[]; dropped: OpenedRecordLog<State, Entry>['dropped'] }> {
  const { log, snapshot, entries: replayed, dropped } = await open()
  await log.close()
  return { snapshot, numbers: replayed.map((entry) => entry.n), dropped }
}

async function journals(): Promise<string[]> {
  return (await readdir(dir)).filter((name) => name.startsWith('journal-')).sort()
}

async function onlyJournal(): Promise<string> {
  const names = await journals()
  expect(names).toHaveLength(1)
  return join(dir, names[0] ?? '')
}

beforeEach(async () => {
  dir = join(await mkdtemp(join(tmpdir(), 'flipdrop-record-log-')), 'queue')
})
afterEach(async () => {
  durableFileSeam.writeAtomic = realWriteAtomic
  for (const { log } of opened.splice(0)) await log.close()
  await rm(join(dir, '..'), { recursive: true, force: true })
})

describe('record log', () => {
  it('round-trips entries across a restart, in order', async () => {
    const first = await open()
    expect(first.snapshot).toBeNull()
    expect(first.entries).toEqual([])
    expect(first.dropped).toEqual([])
    await first.log.append(entries(1, 2))
    await first.log.append(entries(3))
    await first.log.append([])
    expect(first.log.entriesSinceCompaction).toBe(3)
    await first.log.close()

    const again = await reopen()
    expect(again).toEqual({ snapshot: null, numbers: [1, 2, 3], dropped: [] })
  })

  it('writes nothing until asked: opening creates no folder and no file', async () => {
    const { log } = await open()
    await log.close()
    await expect(readdir(dir)).rejects.toMatchObject({ code: 'ENOENT' })
    expect(log.bytesWritten).toBe(0)
  })

  it('group-commits concurrent appends: 100 calls, one write and one fsync', async () => {
    const { log } = await open()
    await Promise.all(range(1, 100).map((n) => log.append(entries(n))))
    expect(log.stats.writes).toBeLessThanOrEqual(2)
    expect(log.stats.syncs).toBeLessThanOrEqual(2)
    // Calls that each wait for the previous one cannot share a commit.
    for (const n of range(101, 105)) await log.append(entries(n))
    expect(log.stats.syncs).toBeLessThanOrEqual(7)
    await log.close()
    expect((await reopen()).numbers).toEqual(range(1, 105))
  })

  it('keeps call order when appends pile up during a commit', async () => {
    const { log } = await open()
    const calls: Promise<void>[] = []
    for (const n of range(1, 50)) {
      calls.push(log.append(entries(n * 2 - 1, n * 2)))
      // Let some commits start in between, so batches of different sizes form.
      if (n % 7 === 0) await new Promise((resolve) => setImmediate(resolve))
    }
    await Promise.all(calls)
    expect(log.stats.writes).toBeGreaterThan(1)
    expect(log.stats.writes).toBeLessThan(50)
    await log.close()
    expect((await reopen()).numbers).toEqual(range(1, 100))
  })

  it('drops a torn last line as torn and keeps the rest; later appends go to a fresh journal', async () => {
    const { log } = await open()
    await log.append(entries(1, 2, 3))
    await log.close()
    const journal = await onlyJournal()
    await appendFile(journal, '0badc0de {"seq":4,"entry":{"n"')

    const first = await open()
    expect(first.entries).toEqual(entries(1, 2, 3))
    expect(first.dropped).toEqual([{ file: journal.slice(dir.length + 1), line: 4, reason: 'torn' }])
    await first.log.append(entries(4))
    await first.log.close()
    expect(await journals()).toHaveLength(2)

    const second = await reopen()
    expect(second.numbers).toEqual([1, 2, 3, 4])
    // Still there until a compaction retires that journal.
    expect(second.dropped.map((d) => d.reason)).toEqual(['torn'])
  })

  it('treats a whole but damaged last line as torn too (the interrupted write)', async () => {
    const { log } = await open()
    await log.append(entries(1, 2))
    await log.close()
    const journal = await onlyJournal()
    const text = await readFile(journal, 'utf8')
    await writeFile(journal, text.replace('"n":2', '"n":7'))
    const again = await reopen()
    expect(again.numbers).toEqual([1])
    expect(again.dropped).toMatchObject([{ line: 2, reason: 'torn' }])
  })

  it('drops a corrupt middle line as checksum and keeps every other entry', async () => {
    const { log } = await open()
    await log.append(entries(1, 2, 3, 4, 5))
    await log.close()
    const journal = await onlyJournal()
    const bytes = await readFile(journal)
    const lines = bytes.toString('utf8').split('\n')
    // Flip one bit inside the third record's JSON.
    const offset = (lines[0]?.length ?? 0) + (lines[1]?.length ?? 0) + 2 + 20
    bytes[offset] = (bytes[offset] ?? 0) ^ 0x01
    await writeFile(journal, bytes)

    const again = await reopen()
    expect(again.numbers).toEqual([1, 2, 4, 5])
    expect(again.dropped).toEqual([{ file: journal.slice(dir.length + 1), line: 3, reason: 'checksum' }])
  })

  it('reports an intact entry the parser rejects as unreadable, and keeps the others', async () => {
    const { log } = await open()
    await log.append([{ n: 1 }, { n: 'two' } as unknown as Entry, { n: 3 }])
    await log.close()
    const again = await reopen()
    expect(again.numbers).toEqual([1, 3])
    expect(again.dropped).toMatchObject([{ line: 2, reason: 'unreadable' }])
  })

  it('compacts, appends more, and replays snapshot + later entries; a journal goes once the previous snapshot covers it', async () => {
    const { log } = await open()
    await log.append(entries(1, 2, 3))
    const before = await journals()
    await log.compact({ numbers: [1, 2, 3] })
    expect(log.entriesSinceCompaction).toBe(0)
    await log.append(entries(4, 5))
    expect(log.entriesSinceCompaction).toBe(2)
    await log.close()
    // The first journal is what a damaged first snapshot would be rebuilt from: it stays for now.
    expect(await journals()).toEqual([before[0], 'journal-0000000002.rec'])

    const again = await open()
    expect(again.snapshot).toEqual({ numbers: [1, 2, 3] })
    expect(again.entries).toEqual(entries(4, 5))
    expect(again.dropped).toEqual([])
    expect(again.log.entriesSinceCompaction).toBe(2)
    // And it goes on from there: a second round of compaction after a restart.
    await again.log.append(entries(6))
    await again.log.compact({ numbers: range(1, 6) })
    await again.log.append(entries(7))
    await again.log.close()
    // The first snapshot is now the previous one; the journal below it is gone.
    expect(await journals()).not.toContain(before[0])
    expect(await readdir(dir)).toContain('snapshot.prev.rec')
    expect(await reopen()).toEqual({ snapshot: { numbers: range(1, 6) }, numbers: [7], dropped: [] })
  })

  it('keeps entries appended while a compaction runs, and does not repeat ones it covers', async () => {
    const { log } = await open()
    await log.append(entries(1, 2))
    // 3 is appended (not yet on disk) before compact starts, so the snapshot covers it.
    const inFlight = log.append(entries(3))
    const state = { numbers: [1, 2, 3] }
    const compaction = log.compact(state)
    // The snapshot was taken at the call: changing the state now must not leak into it.
    state.numbers.push(4)
    const during = [log.append(entries(4)), log.append(entries(5, 6))]
    await Promise.all([inFlight, compaction, ...during])
    expect(log.entriesSinceCompaction).toBe(3)
    await log.close()
    expect(await reopen()).toEqual({ snapshot: { numbers: [1, 2, 3] }, numbers: [4, 5, 6], dropped: [] })
  })

  it('runs overlapping compactions in order, the last snapshot wins', async () => {
    const { log } = await open()
    await log.append(entries(1))
    const first = log.compact({ numbers: [1] })
    const second = log.append(entries(2))
    const third = log.compact({ numbers: [1, 2] })
    await log.append(entries(3))
    await Promise.all([first, second, third])
    await log.close()
    expect(await reopen()).toEqual({ snapshot: { numbers: [1, 2] }, numbers: [3], dropped: [] })
  })

  it('loses nothing when the snapshot write fails halfway through a compaction', async () => {
    const { log } = await open()
    await log.append(entries(1, 2))
    await log.compact({ numbers: [1, 2] })
    await log.append(entries(3))
    durableFileSeam.writeAtomic = () => Promise.reject(Object.assign(new Error('disk full'), { code: 'ENOSPC' }))
    await expect(log.compact({ numbers: [1, 2, 3] })).rejects.toThrow('disk full')
    durableFileSeam.writeAtomic = realWriteAtomic
    // The journal switch happened; appending goes on in the new generation.
    await log.append(entries(4))
    await log.close()
    expect(await reopen()).toEqual({ snapshot: { numbers: [1, 2] }, numbers: [3, 4], dropped: [] })
  })

  it('replays exactly when a crash left covered journals behind (snapshot durable, clean-up not done)', async () => {
    const { log } = await open()
    await log.append(entries(1, 2))
    const [oldJournal] = await journals()
    const saved = join(dir, '..', 'saved.rec')
    await copyFile(join(dir, oldJournal ?? ''), saved)
    await log.compact({ numbers: [1, 2] })
    await log.append(entries(3))
    await log.close()
    await copyFile(saved, join(dir, oldJournal ?? ''))
    expect(await reopen()).toEqual({ snapshot: { numbers: [1, 2] }, numbers: [3], dropped: [] })
  })

  it('ignores and later removes a temp file left by an interrupted snapshot write', async () => {
    const { log } = await open()
    await log.append(entries(1))
    await writeFile(join(dir, 'snapshot.rec.123456789'), 'half a snap')
    await log.close()
    expect((await reopen()).numbers).toEqual([1])
    const again = await open()
    await again.log.compact({ numbers: [1] })
    await again.log.close()
    expect(await readdir(dir)).toEqual(['journal-0000000001.rec', 'snapshot.rec'])
  })

  it('sets a damaged snapshot aside, reports it, and still replays the journal', async () => {
    const { log } = await open()
    await log.append(entries(1, 2))
    await log.compact({ numbers: [1, 2] })
    await log.append(entries(3, 4))
    await log.close()
    // As FlipDrop left a folder before it kept the previous generation: the journal the snapshot covered is gone.
    await rm(join(dir, 'journal-0000000001.rec'))
    const snapshotPath = join(dir, 'snapshot.rec')
    const damaged = (await readFile(snapshotPath, 'utf8')).replace('[1,2]', '[1,9]')
    await writeFile(snapshotPath, damaged)

    const again = await open()
    expect(again.snapshot).toBeNull()
    expect(again.entries).toEqual(entries(3, 4))
    expect(again.dropped).toHaveLength(1)
    const [report] = again.dropped
    expect(report).toMatchObject({ line: 1, reason: 'snapshot' })
    expect(report?.file).toMatch(/^snapshot\.rec\.damaged-/)
    expect(await readFile(join(dir, report?.file ?? ''), 'utf8')).toBe(damaged)
    expect(await readdir(dir)).not.toContain('snapshot.rec')

    // A fresh compaction does not touch the damaged copy.
    await again.log.compact({ numbers: [3, 4] })
    await again.log.close()
    expect(await readdir(dir)).toContain(report?.file)
    expect(await reopen()).toEqual({ snapshot: { numbers: [3, 4] }, numbers: [], dropped: [] })
  })

  it('sets aside a snapshot the parser rejects, the same way', async () => {
    const { log } = await open()
    await log.append(entries(1))
    await log.compact({ numbers: [1] })
    await log.append(entries(2))
    await log.close()
    await rm(join(dir, 'journal-0000000001.rec'))
    const strict = await openRecordLog<State, Entry>({
      dir,
      parseEntry,
      parseSnapshot: () => {
        throw new Error('schema changed')
      }
    })
    await strict.log.close()
    expect(strict.snapshot).toBeNull()
    expect(strict.entries).toEqual(entries(2))
    expect(strict.dropped).toMatchObject([{ reason: 'snapshot' }])
  })

  it('rebuilds a damaged snapshot whole from the previous snapshot and the journals since it: nothing dropped', async () => {
    const { log } = await open()
    await log.append(entries(1, 2))
    await log.compact({ numbers: [1, 2] })
    await log.append(entries(3))
    await log.compact({ numbers: [1, 2, 3] })
    await log.append(entries(4))
    await log.close()
    const snapshotPath = join(dir, 'snapshot.rec')
    // Sixteen bad bytes in the middle of the current snapshot.
    const bytes = await readFile(snapshotPath)
    bytes.fill(0x7a, 10, 26)
    await writeFile(snapshotPath, bytes)

    const again = await open()
    expect(again.snapshot).toEqual({ numbers: [1, 2] })
    expect(again.entries).toEqual(entries(3, 4))
    expect(again.dropped).toEqual([])
    expect(again.recoveredFrom).toMatch(/^snapshot\.rec\.damaged-/)
    await again.log.compact({ numbers: [1, 2, 3, 4] })
    await again.log.close()
    expect(await reopen()).toEqual({ snapshot: { numbers: [1, 2, 3, 4] }, numbers: [], dropped: [] })
  })

  it('rebuilds a damaged first snapshot from the journals, which still start at the first entry', async () => {
    const { log } = await open()
    await log.append(entries(1, 2))
    await log.compact({ numbers: [1, 2] })
    await log.append(entries(3))
    await log.close()
    await writeFile(join(dir, 'snapshot.rec'), 'not a snapshot\n')
    const again = await open()
    expect(again.snapshot).toBeNull()
    expect(again.entries).toEqual(entries(1, 2, 3))
    expect(again.dropped).toEqual([])
    expect(again.recoveredFrom).toMatch(/^snapshot\.rec\.damaged-/)
    await again.log.close()
  })

  it('replays from the previous snapshot when a crash came between keeping it and writing the next', async () => {
    const { log } = await open()
    await log.append(entries(1))
    await log.compact({ numbers: [1] })
    await log.append(entries(2))
    await log.compact({ numbers: [1, 2] })
    await log.append(entries(3))
    await log.close()
    // The state right after the rename: the previous snapshot, no current one, every journal since.
    await rm(join(dir, 'snapshot.rec'))
    const again = await open()
    expect(again.snapshot).toEqual({ numbers: [1] })
    expect(again.entries).toEqual(entries(2, 3))
    expect(again.dropped).toEqual([])
    expect(again.recoveredFrom).toBeNull()
    await again.log.close()
  })

  it('refuses work after close, and close waits for pending appends', async () => {
    const { log } = await open()
    const pending = log.append(entries(1))
    await log.close()
    await expect(pending).resolves.toBeUndefined()
    await expect(log.append(entries(2))).rejects.toThrow('closed')
    await expect(log.compact({ numbers: [] })).rejects.toThrow('closed')
    expect((await reopen()).numbers).toEqual([1])
  })

  it('goes on after a failed write: that append rejects, the next one is written, and nothing torn is left', async () => {
    const { log } = await open()
    // A file where the folder should be makes the first journal write fail.
    await writeFile(dir, 'not a folder')
    await expect(log.append(entries(1))).rejects.toMatchObject({ code: expect.stringMatching(/^(EEXIST|ENOTDIR)$/) })
    await rm(dir)
    await log.append(entries(2))
    await log.compact({ numbers: [2] })
    await log.append(entries(3))
    await log.close()
    expect(await reopen()).toEqual({ snapshot: { numbers: [2] }, numbers: [3], dropped: [] })
  })

  it('counts the bytes it writes', async () => {
    const { log } = await open()
    await log.append(entries(1))
    const afterAppend = log.bytesWritten
    expect(afterAppend).toBe((await readFile(await onlyJournal())).length)
    await log.compact({ numbers: [1] })
    expect(log.bytesWritten).toBe(afterAppend + (await readFile(join(dir, 'snapshot.rec'))).length)
  })

  it('handles 10,000 queued appends in a few commits, and replays 10,000 + a 10,000-item snapshot', async () => {
    const { log } = await open()
    await Promise.all(range(1, 10_000).map((n) => log.append(entries(n))))
    expect(log.stats.syncs).toBeLessThanOrEqual(3)
    await log.compact({ numbers: range(1, 10_000) })
    await Promise.all(range(10_001, 20_000).map((n) => log.append(entries(n))))
    await log.close()
    const again = await reopen()
    expect(again.snapshot?.numbers).toHaveLength(10_000)
    expect(again.numbers).toEqual(range(10_001, 20_000))
  })
})
