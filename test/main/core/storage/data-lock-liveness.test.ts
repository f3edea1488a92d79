import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, readFile, rm, stat, unlink, utimes, writeFile } from 'node:fs/promises'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { connectToHolder } from '../../../../src-main/core/handoff/handoff-client'
import { startHandoffServer } from '../../../../src-main/core/handoff/handoff-server'
import type { Logger } from '../../../../src-main/core/log'
import { acquireDataLock, DataFolderInUseError, readDataLock, type DataLock } from '../../../../src-main/core/storage/data-lock'

/*
 * Whether a lock is live is decided by asking its holder (its hand-off socket answers the
 * token), then by its pid and its heartbeat (the lock file's mtime), and never across hosts.
 */

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url))
const DATA_LOCK = fileURLToPath(new URL('../../../../src-main/core/storage/data-lock.ts', import.meta.url))

/** Above Linux's pid_max and macOS's, so no process has it. */
const DEAD_PID = 4_194_303 + 1_000
const posixOnly = process.platform === 'win32' ? it.skip : it

let dir: string
const cleanups: (() => Promise<void> | void)[] = []

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'flipdrop-liveness-'))
})
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  await rm(dir, { recursive: true, force: true })
})

const lockPath = (): string => join(dir, 'flipdrop.lock')

/** Writes a lock file as another process would have, `ageMs` old by its mtime. */
async function writeLock(fields: { pid: number; host?: string; info?: Record<string, string>; token?: string }, ageMs = 0): Promise<string> {
  const record = { startedAt: new Date().toISOString(), info: {}, token: 'c'.repeat(32), ...fields }
  const text = `${JSON.stringify(record)}\n`
  await writeFile(lockPath(), text)
  if (ageMs > 0) {
    const then = new Date(Date.now() - ageMs)
    await utimes(lockPath(), then, then)
  }
  return text
}

/** A live process that has nothing to do with FlipDrop: what a reused pid points at. */
async function unrelatedProcess(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000); process.stdout.write("up")'], { stdio: ['ignore', 'pipe', 'ignore'] })
  await new Promise((resolve) => child.stdout?.once('data', resolve))
  cleanups.push(async () => {
    const gone = new Promise((resolve) => child.once('close', resolve))
    child.kill('SIGKILL')
    await gone
  })
  return child
}

/**
 * A child that holds the lock of `dir` with a fast heartbeat and no socket (like a holder whose
 * hand-off server failed), and prints `held`, then `lost: …` if its lock is taken from it.
 */
async function silentHolder(): Promise<{ child: ChildProcess; output: () => string }> {
  const script = `
    const { acquireDataLock } = await import(process.argv[1])
    const lock = await acquireDataLock(process.argv[2], {
      info: { role: 'command', socket: process.argv[2] + '/nobody-listens.sock', token: 'ab'.repeat(32) },
      heartbeatMs: 50,
      onLost: (message) => process.stdout.write('lost: ' + message + '\\n')
    })
    process.stdout.write('held\\n')
    setInterval(() => {}, 1000)
  `
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, DATA_LOCK, dir], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  cleanups.push(async () => {
    const gone = new Promise((resolve) => child.once('close', resolve))
    child.kill('SIGKILL')
    await gone
  })
  await expect.poll(() => output, { timeout: 10_000 }).toContain('held')
  return { child, output: () => output }
}

function quietLog(): Logger {
  return { info: () => {}, warn: () => {}, error: () => {} }
}

describe('a lock is live when its holder answers, not because of its pid alone', () => {
  it('records the host name, and keeps the lock file fresh with a heartbeat while held', async () => {
    const lock = await acquireDataLock(dir, { heartbeatMs: 40 })
    cleanups.push(() => lock.release())
    expect(JSON.parse(await readFile(lock.path, 'utf8'))).toMatchObject({ pid: process.pid, host: hostname() })
    const old = new Date(Date.now() - 60_000)
    await utimes(lock.path, old, old)
    // The next beat brings the mtime back to now.
    await expect.poll(async () => Date.now() - (await stat(lock.path)).mtimeMs, { timeout: 2_000, interval: 20 }).toBeLessThan(5_000)
    await lock.release()
    await expect(stat(lock.path)).rejects.toMatchObject({ code: 'ENOENT' })
  })

  it('takes over a stale lock whose pid now belongs to an unrelated live process', async () => {
    const stranger = await unrelatedProcess()
    if (stranger.pid === undefined) throw new Error('no pid')
    // Its last heartbeat was a minute ago: the FlipDrop that wrote it is long gone.
    await writeLock({ pid: stranger.pid, host: hostname(), info: { socket: join(dir, 'flipdrop.sock'), token: 'ab'.repeat(32) } }, 60_000)
    expect(await readDataLock(dir)).toBeNull()
    const lock = await acquireDataLock(dir)
    cleanups.push(() => lock.release())
    expect(JSON.parse(await readFile(lock.path, 'utf8'))).toMatchObject({ pid: process.pid })
  })

  it('keeps a silent holder with a fresh heartbeat (starting, or its hand-off failed) until the heartbeat is older than the bound', async () => {
    const silent = await unrelatedProcess()
    if (silent.pid === undefined) throw new Error('no pid')
    const text = await writeLock({ pid: silent.pid, host: hostname() })
    const refused = await acquireDataLock(dir, { staleAfterMs: 5_000 }).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(DataFolderInUseError)
    expect((refused as DataFolderInUseError).pid).toBe(silent.pid)
    expect(await readFile(lockPath(), 'utf8')).toBe(text)
    // Its heartbeat stopped 6 s ago: past the 5 s bound.
    const then = new Date(Date.now() - 6_000)
    await utimes(lockPath(), then, then)
    const lock = await acquireDataLock(dir, { staleAfterMs: 5_000 })
    cleanups.push(() => lock.release())
    expect(JSON.parse(await readFile(lock.path, 'utf8'))).toMatchObject({ pid: process.pid })
  })

  it('takes over a lock carrying our own pid that this process does not hold (a container restarted as PID 1)', async () => {
    await writeLock({ pid: process.pid, host: hostname() })
    const lock = await acquireDataLock(dir)
    cleanups.push(() => lock.release())
    expect(JSON.parse(await readFile(lock.path, 'utf8'))).toMatchObject({ pid: process.pid })
    // A lock this process does hold is still refused to a second lock object.
    await expect(acquireDataLock(dir)).rejects.toThrow(`This FlipDrop (process ${process.pid}) is already using this data folder.`)
  })

  posixOnly('keeps a silent holder live while it beats, takes it over within the bound once it stops, and the holder learns it lost the lock', async () => {
    const { child, output } = await silentHolder()
    const staleAfterMs = 400
    const first = (await stat(lockPath())).mtimeMs
    // Beating for longer than the bound: it stays live all the same.
    await expect.poll(async () => (await stat(lockPath())).mtimeMs - first, { timeout: 5_000, interval: 25 }).toBeGreaterThan(staleAfterMs)
    await expect(acquireDataLock(dir, { staleAfterMs })).rejects.toBeInstanceOf(DataFolderInUseError)

    // Stopped: its pid lives on, but nothing beats or answers (what a reused pid looks like too).
    child.kill('SIGSTOP')
    const stoppedAt = Date.now()
    let lock: DataLock | null = null
    while (!lock) {
      lock = await acquireDataLock(dir, { staleAfterMs }).catch((error: unknown) => {
        if (!(error instanceof DataFolderInUseError)) throw error
        return null
      })
      if (!lock) await new Promise((resolve) => setTimeout(resolve, 25))
    }
    const tookMs = Date.now() - stoppedAt
    cleanups.push(() => lock.release())
    expect(tookMs).toBeLessThan(staleAfterMs + 1_000)
    console.info(`a silent holder went stale and was taken over ${tookMs} ms after its last chance to beat (bound ${staleAfterMs} ms)`)

    // Resumed, its heartbeat finds the lock is someone else's and says so; it touches nothing.
    const ours = await readFile(lockPath(), 'utf8')
    child.kill('SIGCONT')
    await expect.poll(output, { timeout: 5_000 }).toContain(`lost: This FlipDrop no longer holds its data folder's lock (${lockPath()}): process ${process.pid} on “${hostname()}” holds it now.`)
    expect(await readFile(lockPath(), 'utf8')).toBe(ours)
  })

  posixOnly('believes a holder that answers its socket with the token, whatever its pid looks like', async () => {
    const address = join(dir, 'flipdrop.sock')
    const token = 'ab'.repeat(32)
    const server = await startHandoffServer({ address, token, dispatch: async () => ({ ok: true, value: null }), log: quietLog() })
    cleanups.push(() => server.close())
    // A pid that is dead here: what a holder in another pid namespace looks like.
    await writeLock({ pid: DEAD_PID, host: hostname(), info: { socket: address, token } }, 60_000)
    const refused = await acquireDataLock(dir).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(DataFolderInUseError)
    expect((refused as DataFolderInUseError).pid).toBe(DEAD_PID)
    expect((await readDataLock(dir))?.pid).toBe(DEAD_PID)

    // The same socket does not vouch for a lock with another token: that holder is gone.
    await writeLock({ pid: DEAD_PID, host: hostname(), info: { socket: address, token: 'cd'.repeat(32) } }, 60_000)
    const lock = await acquireDataLock(dir)
    cleanups.push(() => lock.release())
    expect(JSON.parse(await readFile(lock.path, 'utf8'))).toMatchObject({ pid: process.pid })
  })
})

describe('a data folder shared between machines', () => {
  const elsewhere = (pid: number): string =>
    `FlipDrop on “studio-mac.local” (process ${pid}) is using this data folder. Quit FlipDrop there; if that machine is gone, delete ${join(dir, 'flipdrop.lock')} and try again.`

  it('never takes over a lock held on another host, whatever its pid or age, and says how to release it', async () => {
    for (const pid of [DEAD_PID, process.pid]) {
      const text = await writeLock({ pid, host: 'studio-mac.local' }, 3_600_000)
      const refused = await acquireDataLock(dir).catch((error: unknown) => error)
      expect(refused).toBeInstanceOf(DataFolderInUseError)
      expect((refused as Error).message).toBe(elsewhere(pid))
      expect((refused as DataFolderInUseError).host).toBe('studio-mac.local')
      expect(await readFile(lockPath(), 'utf8')).toBe(text)
      expect(await readDataLock(dir)).toMatchObject({ pid, host: 'studio-mac.local' })
      await expect(connectToHolder(dir)).rejects.toThrow(elsewhere(pid))
    }
    // Deleting the file, as the message says, frees the folder.
    await unlink(lockPath())
    const lock = await acquireDataLock(dir)
    cleanups.push(() => lock.release())
  })
})
