import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { acquireDataLock, DataFolderInUseError, readDataLock } from '../../../../src-main/core/storage/data-lock'

const HOLDER = fileURLToPath(new URL('./fixtures/lock-holder.ts', import.meta.url))
const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url))

interface HolderLine {
  result: 'ready' | 'acquired' | 'in-use' | 'error'
  pid: number
  holder?: number
  message?: string
}

/** A lock-holder child and the JSON lines it printed, one by one. */
class Holder {
  readonly child: ChildProcessWithoutNullStreams
  readonly exited: Promise<void>
  #lines: HolderLine[] = []
  #waiting: Array<() => void> = []

  constructor(dir: string, race = false) {
    this.child = spawn(process.execPath, ['--import', 'tsx', HOLDER, dir, ...(race ? ['--go'] : [])], { cwd: REPO_ROOT })
    let buffered = ''
    let stderr = ''
    this.child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    this.child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString()
      const lines = buffered.split('\n')
      buffered = lines.pop() ?? ''
      for (const line of lines) this.#lines.push(JSON.parse(line) as HolderLine)
      for (const wake of this.#waiting.splice(0)) wake()
    })
    this.exited = new Promise((resolve) =>
      this.child.once('close', () => {
        if (stderr) console.error(stderr)
        for (const wake of this.#waiting.splice(0)) wake()
        resolve()
      })
    )
  }

  /** The n-th line it printed (0-based), once it has printed it. */
  async line(n: number): Promise<HolderLine> {
    for (;;) {
      const line = this.#lines[n]
      if (line) return line
      if (this.child.exitCode !== null || this.child.signalCode !== null) throw new Error('holder exited early')
      await new Promise<void>((resolve) => this.#waiting.push(resolve))
    }
  }

  async kill(): Promise<void> {
    this.child.kill('SIGKILL')
    await this.exited
  }

  /** Lets it release and exit. */
  async finish(): Promise<void> {
    this.child.stdin.end()
    await this.exited
  }
}

let dir: string
const holders: Holder[] = []
const holder = (race = false): Holder => {
  const started = new Holder(dir, race)
  holders.push(started)
  return started
}

/** The pid of a process that has exited: a holder killed right after locking. */
async function deadHolderLock(): Promise<number> {
  const dead = holder()
  const { result, pid } = await dead.line(0)
  expect(result).toBe('acquired')
  await dead.kill()
  return pid
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'flipdrop-lock-'))
})
afterEach(async () => {
  await Promise.all(holders.splice(0).map((started) => started.kill()))
  await rm(dir, { recursive: true, force: true })
})

describe('data folder lock', () => {
  it('acquires, publishes who holds it, and releases', async () => {
    const lock = await acquireDataLock(join(dir, 'data'), { info: { role: 'app', socket: '/tmp/s' } })
    expect(lock.path).toBe(join(dir, 'data', 'flipdrop.lock'))
    const written = JSON.parse(await readFile(lock.path, 'utf8')) as Record<string, unknown>
    expect(written).toMatchObject({ pid: process.pid, host: hostname(), info: { role: 'app', socket: '/tmp/s' } })
    expect(typeof written.startedAt).toBe('string')
    expect(await readDataLock(join(dir, 'data'))).toEqual({ pid: process.pid, host: hostname(), info: { role: 'app', socket: '/tmp/s' } })

    await lock.release()
    await lock.release()
    expect(await readDataLock(join(dir, 'data'))).toBeNull()
    expect(await readdir(join(dir, 'data'))).toEqual([])
    const again = await acquireDataLock(join(dir, 'data'))
    await again.release()
  })

  it('refuses a second lock in the same process', async () => {
    const lock = await acquireDataLock(dir)
    const refused = await acquireDataLock(dir).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(DataFolderInUseError)
    expect((refused as DataFolderInUseError).pid).toBe(process.pid)
    await lock.release()
    await (await acquireDataLock(dir)).release()
  })

  it('takes over a lock left by a process that was killed', async () => {
    const deadPid = await deadHolderLock()
    expect(JSON.parse(await readFile(join(dir, 'flipdrop.lock'), 'utf8'))).toMatchObject({ pid: deadPid })
    expect(await readDataLock(dir)).toBeNull()
    const lock = await acquireDataLock(dir)
    expect(JSON.parse(await readFile(lock.path, 'utf8'))).toMatchObject({ pid: process.pid })
    await lock.release()
    // No claim or temp files left behind.
    expect(await readdir(dir)).toEqual([])
  })

  it('refuses while a live process holds it, naming that process, until it lets go', async () => {
    const live = holder()
    const { result, pid } = await live.line(0)
    expect(result).toBe('acquired')
    const refused = await acquireDataLock(dir).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(DataFolderInUseError)
    expect((refused as DataFolderInUseError).pid).toBe(pid)
    expect((refused as Error).message).toBe(
      `Another FlipDrop (process ${pid}) is using this data folder. Close it, or wait for it to finish.`
    )
    expect(await readDataLock(dir)).toEqual({ pid, host: hostname(), info: { role: 'child', socket: `/tmp/child-${pid}.sock` } })

    await live.finish()
    expect(await readDataLock(dir)).toBeNull()
    await (await acquireDataLock(dir)).release()
  })

  it('takes over a garbage or unreadable lock file', async () => {
    for (const garbage of ['', '{"pid":', 'null', '{"pid":"1234"}', '{"pid":-3}', '\u0000\u0000\u0000']) {
      await writeFile(join(dir, 'flipdrop.lock'), garbage)
      expect(await readDataLock(dir)).toBeNull()
      const lock = await acquireDataLock(dir)
      await lock.release()
    }
  })

  it('asks isAlive about other pids', async () => {
    const lockPath = join(dir, 'flipdrop.lock')
    await writeFile(lockPath, JSON.stringify({ pid: 4242, startedAt: '2020-01-01T00:00:00Z', info: {}, token: 'a'.repeat(32) }))
    await expect(acquireDataLock(dir, { isAlive: () => true })).rejects.toMatchObject({ pid: 4242 })
    const asked: number[] = []
    const lock = await acquireDataLock(dir, { isAlive: (pid) => (asked.push(pid), false) })
    expect(asked).toContain(4242)
    await lock.release()
  })

  it('releases only its own lock', async () => {
    const lock = await acquireDataLock(dir, { pid: 7001, isAlive: () => false })
    // Someone else holds it now (as if this process had been judged dead and replaced).
    const other = JSON.stringify({ pid: 7002, startedAt: new Date().toISOString(), info: {}, token: 'b'.repeat(32) })
    await writeFile(lock.path, other)
    await lock.release()
    expect(await readFile(lock.path, 'utf8')).toBe(other)
  })

  it('follows the claim of a process that died mid-takeover', async () => {
    const dead = { startedAt: '2020-01-01T00:00:00Z', info: {} }
    await writeFile(join(dir, 'flipdrop.lock'), JSON.stringify({ ...dead, pid: 5001, token: 'c'.repeat(32) }))
    await writeFile(join(dir, `flipdrop.lock.${'c'.repeat(32)}.takeover`), JSON.stringify({ ...dead, pid: 5002, token: 'd'.repeat(32) }))
    const lock = await acquireDataLock(dir, { isAlive: () => false })
    expect(JSON.parse(await readFile(lock.path, 'utf8'))).toMatchObject({ pid: process.pid })
    // The dead claimant's file stays (it is never removed by anyone else); ours is gone.
    expect((await readdir(dir)).sort()).toEqual(['flipdrop.lock', `flipdrop.lock.${'c'.repeat(32)}.takeover`])
    await lock.release()
  })

  it('waits for a live claimant, then reports it as the holder', async () => {
    const dead = { startedAt: '2020-01-01T00:00:00Z', info: {} }
    await writeFile(join(dir, 'flipdrop.lock'), JSON.stringify({ ...dead, pid: 5001, token: 'e'.repeat(32) }))
    await writeFile(join(dir, `flipdrop.lock.${'e'.repeat(32)}.takeover`), JSON.stringify({ ...dead, pid: 5003, token: 'f'.repeat(32) }))
    const refused = await acquireDataLock(dir, { isAlive: (pid) => pid === 5003 }).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(DataFolderInUseError)
    expect((refused as DataFolderInUseError).pid).toBe(5003)
  })

  it('lets exactly one of several processes racing to take over a stale lock win', async () => {
    await deadHolderLock()
    const racers = Array.from({ length: 6 }, () => holder(true))
    for (const racer of racers) expect((await racer.line(0)).result).toBe('ready')
    for (const racer of racers) racer.child.stdin.write('go\n')
    const results = await Promise.all(racers.map((racer) => racer.line(1)))

    const winners = results.filter((line) => line.result === 'acquired')
    expect(winners).toHaveLength(1)
    const winner = winners[0]?.pid
    for (const line of results.filter((r) => r.result !== 'acquired')) {
      expect(line).toMatchObject({ result: 'in-use', holder: winner })
    }
    expect(JSON.parse(await readFile(join(dir, 'flipdrop.lock'), 'utf8'))).toMatchObject({ pid: winner })
    await Promise.all(racers.map((racer) => racer.finish()))
    expect(await readdir(dir)).toEqual([])
  })
})
