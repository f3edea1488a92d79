import { mkdir, mkdtemp, open, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { countMain } from './main-probe'
import { backToStartRow, ceilingRow, growthRow } from './soak-table'
import { countStorage } from './storage-probe'

const made: string[] = []
afterEach(async () => {
  for (const dir of made.splice(0)) await rm(dir, { recursive: true, force: true })
})

describe('soak probes: what the soak counts', () => {
  it('counts timers and open files while they are held, and not after', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'flipdrop-soak-probe-'))
    made.push(dir)
    // Twenty of each: the test runner's own timers and files come and go beside them.
    const held = 20
    const timers = (counts: Awaited<ReturnType<typeof countMain>>): number => counts.resources['Timeout'] ?? 0
    const before = await countMain()
    const intervals = Array.from({ length: held }, () => setInterval(() => {}, 60_000))
    const files = await Promise.all(Array.from({ length: held }, (_, index) => open(join(dir, `held-${index}.txt`), 'w')))
    const during = await countMain()
    for (const interval of intervals) clearInterval(interval)
    await Promise.all(files.map((file) => file.close()))
    const after = await countMain()
    expect(timers(during) - timers(before)).toBeGreaterThanOrEqual(held - 5)
    expect(timers(during) - timers(after)).toBeGreaterThanOrEqual(held - 5)
    if (before.fds !== null && during.fds !== null && after.fds !== null) {
      expect(during.fds - before.fds).toBeGreaterThanOrEqual(held - 5)
      expect(during.fds - after.fds).toBeGreaterThanOrEqual(held - 5)
    }
    expect(before.heapMiB).toBeGreaterThan(1)
  })

  it('finds the longest uncompacted journal, the most journal files and the largest log', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'flipdrop-soak-storage-'))
    made.push(dir)
    await mkdir(join(dir, 'queue'))
    await mkdir(join(dir, 'published', 'deep'), { recursive: true })
    await mkdir(join(dir, 'logs'))
    await writeFile(join(dir, 'queue', 'journal-0000000001.rec'), 'a\nb\nc\n')
    await writeFile(join(dir, 'queue', 'snapshot.rec'), 'x\ny\nz\nw\nv\n')
    await writeFile(join(dir, 'published', 'deep', 'journal-0000000001.rec'), 'a\nb\n')
    await writeFile(join(dir, 'published', 'deep', 'journal-0000000002.rec'), 'a\nb\nc\nd\n')
    await writeFile(join(dir, 'logs', 'flipdrop.log'), '0123456789')
    await writeFile(join(dir, 'logs', 'flipdrop.old.log'), '01234')
    expect(await countStorage(dir)).toEqual({ journalEntries: 6, journalFiles: 2, logBytes: 10, logFiles: 2 })
  })

  it('passes growth within its percent and counts back at their start, and misses beyond', () => {
    expect(growthRow('heap', 10.9, 10, 10, 'MiB').ok).toBe(true)
    expect(growthRow('heap', 11.1, 10, 10, 'MiB').ok).toBe(false)
    expect(backToStartRow('timers', 3, 3).ok).toBe(true)
    expect(backToStartRow('timers', 4, 3).ok).toBe(false)
    expect(ceilingRow('journal', 4_500, 10, 4_500).ok).toBe(true)
    expect(ceilingRow('journal', 4_501, 10, 4_500).ok).toBe(false)
  })
})
