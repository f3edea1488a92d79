import { once } from 'node:events'
import { mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from '../emulator'
import { makePdf } from '../emulator/fixtures/make-pdf'
import { runCli } from '../support/cli-runner'
import { remount, seenBy, spawnCliOnSmallDisk } from '../support/private-mount'

const KEY = 'fd-cli-full-disk-key-1'
const FULL = "The disk with FlipDrop's data is full. Free some space; nothing was lost."
const READ_ONLY = "FlipDrop cannot save to its data folder: it is read-only. Make it writable again; nothing was lost."
let emulator: RunningEmulator

beforeAll(async () => {
  emulator = await startEmulator({ keys: [KEY], rateLimit: { limit: 100_000, windowSeconds: 60 }, maxItems: 1_000, log: () => {} })
})
afterAll(() => emulator.close())

async function folderOf(count: number, prefix: string): Promise<{ folder: string; names: string[] }> {
  const folder = await mkdtemp(join(tmpdir(), `flipdrop-${prefix}-`))
  const names = Array.from({ length: count }, (_, index) => `${prefix}-${String(index).padStart(2, '0')}`)
  for (const name of names) await writeFile(join(folder, `${name}.pdf`), await makePdf(1, name))
  return { folder, names }
}

/** Writes zeros into `path` until the disk under it is full. */
async function fill(path: string): Promise<void> {
  const handle = await open(path, 'w')
  const chunk = Buffer.alloc(64 * 1024)
  try {
    for (;;) await handle.write(chunk)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error
  } finally {
    await handle.close().catch(() => undefined)
  }
}

/** Resolves once `text()` contains `needle`, or after `ms` (then false). */
async function until(text: () => string, needle: string | RegExp, ms: number): Promise<boolean> {
  const end = Date.now() + ms
  while (Date.now() < end) {
    const now = text()
    if (typeof needle === 'string' ? now.includes(needle) : needle.test(now)) return true
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return false
}

function published(prefix: string): string[] {
  return [...emulator.state.items.values()].filter((item) => item.name.startsWith(prefix)).map((item) => item.name).sort()
}

interface Run {
  code: number | null
  stdout: string
  stderr: string
}

/**
 * `upload <folder> --wait` of 12 PDFs with the data folder on its own 2 MB disk: `fault` breaks
 * the disk once the first file is published, and mends it once the command said so (or 10 s
 * later). `sentWhileHeld`: items the service made in the 1.5 s after the command said so.
 */
async function uploadThroughFault(
  prefix: string,
  fault: { breakIt(pid: number, dataDir: string): Promise<void>; mend(pid: number, dataDir: string): Promise<void>; said: string }
): Promise<{ run: Run; names: string[]; kept: string; saidInTime: boolean; sentWhileHeld: number }> {
  const { folder, names } = await folderOf(12, prefix)
  const dataDir = await mkdtemp(join(tmpdir(), 'flipdrop-cli-disk-'))
  const env = {
    FLIPDROP_API_KEY: KEY,
    FLIPDROP_BASE_URL: emulator.baseUrl,
    FLIPDROP_DOCUMENT_URL: emulator.documentUrl,
    FLIPDROP_DATA_DIR: dataDir
  }
  emulator.faults.add({ route: '/api/create-by-file', kind: 'latency', ms: 150, count: 'always' })
  const kept = await mkdtemp(join(tmpdir(), 'flipdrop-cli-disk-kept-'))
  const child = spawnCliOnSmallDisk(['upload', folder, '--wait'], env, dataDir, 2048, kept)
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const closed = once(child, 'close') as Promise<[number | null]>
  try {
    expect(await until(() => stdout, /^done\s/m, 30_000), `no file was published: ${stderr}`).toBe(true)
    await fault.breakIt(child.pid ?? 0, dataDir)
    // The command says so once, and waits; before the fix it failed jobs and went on.
    const saidInTime = await until(() => stderr, fault.said, 10_000)
    const before = published(`${prefix}-`).length
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    const sentWhileHeld = published(`${prefix}-`).length - before
    await fault.mend(child.pid ?? 0, dataDir)
    const [code] = await closed
    return { run: { code, stdout, stderr }, names, kept, saidInTime, sentWhileHeld }
  } finally {
    emulator.faults.clear()
  }
}

const fullDisk = {
  breakIt: (pid: number, dataDir: string) => fill(seenBy(pid, join(dataDir, 'filler'))),
  mend: (pid: number, dataDir: string) => rm(seenBy(pid, join(dataDir, 'filler')), { force: true }),
  said: FULL
}

/** Remounts; a write under way makes the kernel refuse a read-only remount ("busy"), so it is tried again. */
async function remountSoon(pid: number, dir: string, mode: 'ro' | 'rw'): Promise<void> {
  for (let tries = 0; ; tries += 1) {
    try {
      return await remount(pid, dir, mode)
    } catch (error) {
      if (tries >= 100 || !String(error).includes('busy')) throw error
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }
}

const readOnly = {
  breakIt: (pid: number, dataDir: string) => remountSoon(pid, dataDir, 'ro'),
  mend: (pid: number, dataDir: string) => remountSoon(pid, dataDir, 'rw').catch(() => undefined),
  said: READ_ONLY
}

function expectCalm(run: Run, said: string): void {
  // One plain message, said once; no stack traces, no record-log internals, nothing failed.
  expect(run.stderr.split(said).length - 1, run.stderr).toBe(1)
  expect(run.stderr).not.toMatch(/^\s+at /m)
  expect(run.stderr).not.toMatch(/record log|ENOSPC|EROFS|electron-log/i)
  expect(run.stdout).not.toMatch(/^failed\s/m)
  expect(run.stderr.trim().split('\n').length, run.stderr).toBeLessThanOrEqual(3)
}

describe('a full disk or a read-only data folder under a running command', () => {
  it('upload --wait while the disk fills up: says so once, fails nothing, and goes on by itself once there is space', async () => {
    const { run, names, kept, saidInTime, sentWhileHeld } = await uploadThroughFault('full', fullDisk)
    expect(saidInTime, run.stderr).toBe(true)
    // Nothing new is sent while it cannot save (an upload already under way may still finish: 2 at once).
    expect(sentWhileHeld).toBeLessThanOrEqual(2)
    expectCalm(run, FULL)
    expect(run.code, run.stdout + run.stderr).toBe(0)
    expect(run.stdout.match(/^done\s/gm)).toHaveLength(12)
    // Held jobs are not listed again: each was said queued once.
    expect(run.stdout.match(/^queued\s/gm)).toHaveLength(12)
    // Every file once: none lost, none twice.
    expect(published('full-')).toEqual(names)
    // What was on the full disk reads back whole: the journal has no torn or damaged record...
    const listed = await runCli(['queue', '--json'], { FLIPDROP_API_KEY: KEY, FLIPDROP_BASE_URL: emulator.baseUrl, FLIPDROP_DATA_DIR: kept })
    const queue = JSON.parse(listed.stdout) as { jobs: { state: string }[]; notices?: string[] }
    expect(queue.jobs.map((job) => job.state)).toEqual(names.map(() => 'done'))
    expect(listed.stderr).toBe('')
    // ...and the log has no torn line (each starts with its time).
    const log = await readFile(join(kept, 'logs', 'flipdrop.log'), 'utf8')
    for (const line of log.split('\n').filter((text) => text !== '')) expect(line).toMatch(/^\[\d{4}-\d\d-\d\d /)
  }, 120_000)

  it('upload --wait while the data folder turns read-only: says so once, fails nothing, and goes on once it is writable', async () => {
    const { run, names, saidInTime, sentWhileHeld } = await uploadThroughFault('rofs', readOnly)
    expect(saidInTime, run.stderr).toBe(true)
    expect(sentWhileHeld).toBeLessThanOrEqual(2)
    expectCalm(run, READ_ONLY)
    expect(run.code, run.stdout + run.stderr).toBe(0)
    expect(published('rofs-')).toEqual(names)
  }, 120_000)

  it('a data folder read-only from the start: the command says so in plain words, without the lock file or a stack trace', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'flipdrop-cli-disk-'))
    const kept = await mkdtemp(join(tmpdir(), 'flipdrop-cli-disk-kept-'))
    const env = { FLIPDROP_API_KEY: KEY, FLIPDROP_BASE_URL: emulator.baseUrl, FLIPDROP_DATA_DIR: dataDir }
    const child = spawnCliOnSmallDisk(['queue'], env, dataDir, 256, kept, { readOnly: true })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const [code] = (await once(child, 'close')) as [number | null]
    expect(code, stderr).toBe(1)
    expect(stderr).toContain(`flipdrop queue: ${READ_ONLY}`)
    expect(stderr).not.toMatch(/EROFS|lock|^\s+at /m)
    expect(stderr.trim().split('\n').length, stderr).toBeLessThanOrEqual(2)
  }, 60_000)
})
