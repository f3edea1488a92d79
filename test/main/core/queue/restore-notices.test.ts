import { appendFile, mkdtemp, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { JobRecord } from '../../../../src-main/core/queue/job-record'
import { newJob } from '../../../../src-main/core/queue/new-job'
import { openQueueStore, type OpenedQueue } from '../../../../src-main/core/queue/queue-store'

/*
 * Each case damages the queue's files the way it happens, restarts, and checks two things:
 * the queue as restored, and that the notice claims about it only what is true of it.
 */

let dir: string
const left: OpenedQueue[] = []

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'flipdrop-restore-'))
})
afterEach(async () => {
  // Stores a case "crashed" (never closed) still hold their journal open.
  for (const { store } of left.splice(0)) await store.close().catch(() => {})
  await rm(dir, { recursive: true, force: true })
})

async function open(): Promise<OpenedQueue> {
  const opened = await openQueueStore(dir)
  left.push(opened)
  return opened
}

function job(name: string): JobRecord {
  return newJob({ kind: 'create', source: { type: 'url', url: `https://example.com/${name}.pdf` }, docType: 'Flipbook', accountId: 'user-7', name, title: name })
}

async function journalPaths(): Promise<string[]> {
  return (await readdir(dir)).filter((name) => name.startsWith('journal-')).sort().map((name) => join(dir, name))
}

/**
 * Leaves the folder as FlipDrop did before it kept an earlier generation: no previous
 * snapshot and no journal the snapshot covers, so a damaged snapshot cannot be rebuilt.
 */
async function forgetEarlierGeneration(): Promise<void> {
  const journals = await journalPaths()
  for (const path of journals.slice(0, -1)) await rm(path)
  await rm(join(dir, 'snapshot.prev.rec'), { force: true })
}

const names = (opened: OpenedQueue): string[] => opened.store.jobs().map((record) => record.name)
/** What a job is, as far as these cases change it (a restore may bring older records up to date besides). */
const essence = (records: readonly JobRecord[]) => records.map(({ id, name, title, state, source }) => ({ id, name, title, state, source }))

describe('what a restored queue says when part of it could not be read back', () => {
  it('a torn last line: only the change being saved is lost, and the notice says the rest is as saved', async () => {
    const { store } = await open()
    const saved = [job('one'), job('two'), job('three')]
    await store.put(saved)
    await store.put([{ ...job('four') }])
    // The crash cut the last write (adding "four") in half: the journal ends mid-line.
    const [journal = ''] = await journalPaths()
    const content = await readFile(journal, 'utf8')
    await truncate(journal, content.length - 40)

    const restored = await open()
    expect(essence(restored.store.jobs())).toEqual(essence(saved))
    expect(restored.notices).toEqual([
      'FlipDrop stopped while it was saving a change to the upload queue, so that change was not kept: a job added just then may be missing, one changed just then may show its earlier state, and one removed just then may be back. Everything saved before that is as it was.'
    ])
  })

  it('a damaged line in the middle: a saved change is lost and nobody knows which, so no job is said to be as it was', async () => {
    const { store } = await open()
    const [one, two, three] = [job('one'), job('two'), job('three')]
    await store.put([one, two, three])
    await store.put([{ ...two, name: 'two (final)' }])
    await store.put([{ ...three, name: 'three (final)' }])
    // A bad disk flips a byte inside the rename of "two"; the lines after it are intact.
    const [journal = ''] = await journalPaths()
    const text = await readFile(journal, 'utf8')
    await writeFile(journal, text.replace('"two (final)"', '"two (fjnal)"'))

    const restored = await open()
    // "two" is back to its earlier state: "the other jobs are as they were" would be untrue.
    expect(names(restored)).toEqual(['one', 'two', 'three (final)'])
    expect(restored.notices).toEqual([
      '1 saved change to the upload queue could not be read back and was left out. FlipDrop cannot tell which job it was about: a job may show an earlier state, be missing, or be back after you removed it. Check the queue before you upload again; what was already published is still recognised.'
    ])
  })

  it('counts several damaged lines, also lines intact on disk that this FlipDrop cannot read', async () => {
    const { store } = await open()
    for (const name of ['one', 'two', 'three', 'four']) await store.put([job(name)])
    // A record with a good checksum but a shape this version refuses (say, from a newer FlipDrop).
    await store.put([{ ...job('five'), state: 'exploded' } as unknown as JobRecord])
    await store.put([job('six')])
    const [journal = ''] = await journalPaths()
    const lines = (await readFile(journal, 'utf8')).split('\n')
    lines[0] = (lines[0] ?? '').replace('"one"', '"onE"')
    await writeFile(journal, lines.join('\n'))

    const restored = await open()
    expect(names(restored)).toEqual(['two', 'three', 'four', 'six'])
    expect(restored.notices).toEqual([
      '2 saved changes to the upload queue could not be read back and were left out. FlipDrop cannot tell which jobs they were about: a job may show an earlier state, be missing, or be back after you removed it. Check the queue before you upload again; what was already published is still recognised.'
    ])
  })

  it('a damaged snapshot without the files to rebuild it: only the changes since it remain, and the notice names the jobs lost', async () => {
    const first = await open()
    await first.store.put([job('old one'), job('old two')])
    await first.store.setPaused(true)
    // A clean quit stores the whole queue in one snapshot and starts the journal afresh.
    await first.store.close()
    left.splice(0)
    const second = await open()
    const recent = job('recent')
    await second.store.put([recent])
    await forgetEarlierGeneration()
    // Then the snapshot is damaged on disk; the journal since it is intact.
    const snapshot = join(dir, 'snapshot.rec')
    await writeFile(snapshot, (await readFile(snapshot, 'utf8')).replace('old one', 'old onE'))

    const restored = await open()
    expect(essence(restored.store.jobs())).toEqual(essence([recent]))
    expect(restored.store.paused).toBe(false)
    expect(restored.notices).toEqual([
      "FlipDrop could not read the saved upload queue, so it rebuilt it from the most recent changes only: jobs that had not changed lately may be missing, and the order of the jobs may differ. Not published yet and not restored: https://example.com/old onE.pdf, https://example.com/old two.pdf. Add them again; what was already published is still recognised. If you had paused the queue, it is running again. The jobs shown are as last saved. The unreadable copy is kept in FlipDrop's data folder."
    ])
    expect((await readdir(dir)).some((name) => name.startsWith('snapshot.rec.damaged-'))).toBe(true)
  })

  it('a damaged snapshot of a paused queue that was paused again since: no word about the pause', async () => {
    const first = await open()
    await first.store.put([job('old')])
    await first.store.close()
    left.splice(0)
    const second = await open()
    await second.store.setPaused(true)
    await appendFile(join(dir, 'snapshot.rec'), 'garbage after the one line')

    const restored = await open()
    expect(restored.store.paused).toBe(true)
    expect(restored.notices).toHaveLength(1)
    expect(restored.notices[0]).toContain('could not read the saved upload queue')
    expect(restored.notices[0]).not.toContain('paused')
  })

  it('damage of several kinds at once: each notice says its part, and none claims the rest is intact', async () => {
    const first = await open()
    await first.store.put([job('old')])
    await first.store.close()
    left.splice(0)
    const { store } = await open()
    await store.put([job('a')])
    await store.put([job('b')])
    await store.put([job('c')])
    await forgetEarlierGeneration()
    await writeFile(join(dir, 'snapshot.rec'), 'not a snapshot\n')
    const [journal = ''] = await journalPaths()
    const lines = (await readFile(journal, 'utf8')).split('\n')
    lines[0] = (lines[0] ?? '').replace('"a"', '"A"')
    await writeFile(journal, `${lines.join('\n')}0badc0de {"seq":9,"en`)

    const restored = await open()
    expect(names(restored)).toEqual(['b', 'c'])
    expect(restored.notices).toHaveLength(3)
    expect(restored.notices[0]).toContain('could not read the saved upload queue')
    expect(restored.notices[1]).toContain('1 saved change to the upload queue could not be read back')
    expect(restored.notices[2]).toContain('FlipDrop stopped while it was saving a change')
    for (const notice of restored.notices) {
      expect(notice).not.toContain('as last saved')
      expect(notice).not.toContain('as it was')
    }
  })
})

describe('a damaged queue snapshot loses nothing it can keep', () => {
  const published = (itemId: number, sha256: string) => ({
    account: 'user-7',
    host: 'base' as const,
    itemId,
    sha256,
    name: `item ${itemId}`,
    url: `https://example.com/view/${itemId}`,
    docType: 'Flipbook' as const,
    at: 1,
    by: 'create' as const,
    jobId: null
  })

  it('sixteen bad bytes in the snapshot: every job comes back from the earlier copy and the journal, and what was published is still known', async () => {
    const waiting = [job('never one'), job('never two'), job('never three')]
    const first = await open()
    await first.store.put([job('done one'), job('done two')])
    await first.store.recordPublished(published(1001, 'a'.repeat(64)))
    await first.store.close()
    left.splice(0)
    const second = await open()
    await second.store.recordPublished(published(1002, 'b'.repeat(64)))
    await second.store.put(waiting)
    await second.store.close()
    left.splice(0)
    const third = await open()
    await third.store.put([{ ...(waiting[0] as JobRecord), name: 'never one (renamed)' }])
    await third.store.close()
    left.splice(0)
    const before = names(await open())
    await left.splice(0)[0]?.store.close()
    const snapshot = join(dir, 'snapshot.rec')
    const bytes = await readFile(snapshot)
    bytes.fill(0x23, 200, 216)
    await writeFile(snapshot, bytes)

    const restored = await open()
    expect(names(restored)).toEqual(before)
    expect(names(restored)).toContain('never one (renamed)')
    expect(restored.store.published('user-7', 'a'.repeat(64)).map((item) => item.itemId)).toEqual([1001])
    expect(restored.store.published('user-7', 'b'.repeat(64)).map((item) => item.itemId)).toEqual([1002])
    expect(restored.notices).toEqual([
      "FlipDrop could not read the saved upload queue, so it rebuilt it from its earlier copy and every change saved since: nothing was lost. The unreadable copy is kept in FlipDrop's data folder."
    ])
  })

  it('the record of what was published lives apart from the queue: a queue lost beyond repair still knows it', async () => {
    const first = await open()
    await first.store.put([job('published'), job('waiting')])
    await first.store.recordPublished(published(1003, 'c'.repeat(64)))
    await first.store.close()
    left.splice(0)
    const second = await open()
    await second.store.put([job('recent')])
    await second.store.close()
    left.splice(0)
    // Everything the queue could be rebuilt from is gone or damaged.
    await forgetEarlierGeneration()
    const snapshot = join(dir, 'snapshot.rec')
    const bytes = await readFile(snapshot)
    bytes.fill(0x23, 20, 36)
    await writeFile(snapshot, bytes)
    for (const path of await journalPaths()) await rm(path)

    const restored = await open()
    expect(names(restored)).toEqual([])
    expect(restored.store.published('user-7', 'c'.repeat(64)).map((item) => item.itemId)).toEqual([1003])
    expect(restored.store.madeByOthers('user-7', 'base', 'some job')).toEqual(new Set([1003]))
    expect(restored.notices[0]).toContain('Not published yet and not restored: https://example.com/published.pdf, https://example.com/waiting.pdf, https://example.com/recent.pdf.')
  })
})

describe('what an earlier FlipDrop recorded as published inside the queue', () => {
  it('moves to the published record once, and is never adopted by a lookup', async () => {
    const { openRecordLog } = await import('../../../../src-main/core/storage/record-log')
    const { parseQueueEntry, parseQueueSnapshot } = await import('../../../../src-main/core/queue/queue-journal')
    const old = await openRecordLog({ dir, parseSnapshot: parseQueueSnapshot, parseEntry: parseQueueEntry })
    const item = { itemId: 1009, name: 'old brochure', url: 'https://example.com/view/1009', docType: 'Document' as const, at: 5 }
    await old.log.append([{ type: 'published', account: 'user-7', sha256: 'd'.repeat(64), item }])
    await old.log.close()

    const first = await open()
    expect(first.store.published('user-7', 'd'.repeat(64))).toEqual([item])
    expect(first.store.madeByOthers('user-7', 'document', 'any job')).toEqual(new Set([1009]))
    await first.store.close()
    left.splice(0)
    const again = await open()
    expect(again.store.published('user-7', 'd'.repeat(64))).toEqual([item])
  })
})
