import { spawn } from 'node:child_process'
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readDataLock } from '../../src-main/core/storage/data-lock'
import { startEmulator, type RunningEmulator } from '../emulator'
import { makePdf } from '../emulator/fixtures/make-pdf'
import { runCli } from '../support/cli-runner'
import { commandEntry } from '../support/command-line'
import { startQueueCore, QUEUE_KEY, waitForQueue } from '../support/queue-fixture'

let emulator: RunningEmulator

beforeAll(async () => {
  emulator = await startEmulator({ keys: [QUEUE_KEY], rateLimit: { limit: 100_000, windowSeconds: 60 }, maxItems: 1_000, log: () => {} })
})
afterAll(() => emulator.close())

function variables(dataDir: string): Record<string, string> {
  return { FLIPDROP_API_KEY: QUEUE_KEY, FLIPDROP_BASE_URL: emulator.baseUrl, FLIPDROP_DOCUMENT_URL: emulator.documentUrl, FLIPDROP_DATA_DIR: dataDir }
}

async function folderOf(count: number, prefix: string): Promise<{ folder: string; names: string[] }> {
  const folder = await mkdtemp(join(tmpdir(), `flipdrop-${prefix}-`))
  const names = Array.from({ length: count }, (_, index) => `${prefix}-${String(index).padStart(2, '0')}`)
  for (const name of names) await writeFile(join(folder, `${name}.pdf`), await makePdf(1, name))
  return { folder, names }
}

/** Whether any file of the data folder's queue journal contains `text`. */
async function journalSays(dataDir: string, text: string): Promise<boolean> {
  const folder = join(dataDir, 'queue')
  const names = await readdir(folder).catch(() => [])
  for (const name of names) if ((await readFile(join(folder, name)).catch(() => Buffer.alloc(0))).includes(text)) return true
  return false
}

/**
 * Runs the command's own process (not npm, so a SIGKILL hits the process running the queue),
 * kills it `afterMs` after its first line of output, and returns how it ended.
 */
async function runAndKill(args: string[], env: Record<string, string>, afterMs: number): Promise<{ killed: boolean; stdout: string }> {
  const child = spawn(process.execPath, [...commandEntry(), ...args], {
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent', ...env },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let stdout = ''
  let timer: ReturnType<typeof setTimeout> | undefined
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString()
    timer ??= setTimeout(() => child.kill('SIGKILL'), afterMs)
  })
  const signal = await new Promise<NodeJS.Signals | null>((resolve) => child.once('close', (_code, killedBy) => resolve(killedBy)))
  if (timer) clearTimeout(timer)
  return { killed: signal === 'SIGKILL', stdout }
}

describe('flipdrop killed mid-upload', () => {
  it('upload --wait of 20 PDFs, SIGKILLed at random points, finished by queue --wait: 20 items, each once', async () => {
    const { folder, names } = await folderOf(20, 'crash')
    const dataDir = await mkdtemp(join(tmpdir(), 'flipdrop-cli-crash-'))
    const env = variables(dataDir)
    emulator.faults.add({ route: '/api/create-by-file', kind: 'latency', ms: 250, count: 'always' })
    try {
      const first = await runAndKill(['upload', folder, '--wait'], env, 300 + Math.random() * 700)
      expect(first.killed).toBe(true)
      expect(first.stdout).toMatch(/^queued\s+[0-9a-f]{8}\s+crash-00\.pdf$/m)
      for (let round = 0; round < 4; round++) await runAndKill(['queue', '--wait'], env, Math.random() * 900)
    } finally {
      emulator.faults.clear()
    }
    const finished = await runCli(['queue', '--wait', '--json'], env)
    expect(finished.code).toBe(0)
    const published = [...emulator.state.items.values()].filter((item) => item.name.startsWith('crash-')).map((item) => item.name).sort()
    expect(published).toEqual(names)
    const shown = JSON.parse((await runCli(['queue', '--json'], env)).stdout) as { jobs: { state: string; itemId: number }[] }
    expect(shown.jobs).toHaveLength(20)
    expect(shown.jobs.every((job) => job.state === 'done')).toBe(true)
    expect(new Set(shown.jobs.map((job) => job.itemId)).size).toBe(20)
  }, 120_000)
  it('SIGKILLed while its create is in the service\'s hands: the restart looks it up, and one item results', async () => {
    const { folder } = await folderOf(1, 'landing')
    const dataDir = await mkdtemp(join(tmpdir(), 'flipdrop-cli-landing-'))
    const env = variables(dataDir)
    const creates = (): number => emulator.state.requests.filter((entry) => entry.path === '/api/create-by-file').length
    const before = creates()
    // The service has the whole request, and needs 4 s more: longer than the command takes to start again.
    emulator.faults.add({ route: '/api/create-by-file', kind: 'latency', ms: 4_000, count: 1 })
    const child = spawn(process.execPath, [...commandEntry(), 'upload', folder], {
      env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent', ...env },
      stdio: 'ignore'
    })
    const closed = new Promise((resolve) => child.once('close', resolve))
    // Killed once the journal says the create is on its way (the emulator logs a request only when answered).
    const started = Date.now()
    while (!(await journalSays(dataDir, '"state":"uploading"')) && Date.now() - started < 20_000) await new Promise((resolve) => setTimeout(resolve, 20))
    await new Promise((resolve) => setTimeout(resolve, 500))
    child.kill('SIGKILL')
    await closed
    try {
      const finished = await runCli(['queue', '--wait', '--json'], env)
      expect(finished.code).toBe(0)
    } finally {
      emulator.faults.clear()
    }
    // Whether the service finished the dead request or not, there is one item in the end.
    const items = [...emulator.state.items.values()].filter((item) => item.name === 'landing-00')
    expect(items).toHaveLength(1)
    expect(creates()).toBeGreaterThan(before)
  }, 60_000)
})

describe('flipdrop with the app running on the same data folder', () => {
  it('hands its jobs to the app, follows them to the end, and never writes the journal itself', async () => {
    const app = await startQueueCore(emulator)
    try {
      const lockBefore = await readDataLock(app.dir)
      expect(lockBefore?.pid).toBe(process.pid)
      const { folder } = await folderOf(3, 'handoff')
      const run = await runCli(['upload', folder, '--wait', '--json'], variables(app.dir))
      expect(run.code).toBe(0)
      const result = JSON.parse(run.stdout) as { jobs: { source: string; state: string; itemId: number }[] }
      expect(result.jobs.map((job) => job.state)).toEqual(['done', 'done', 'done'])
      // The app ran them: its own queue has them, done, with the same items.
      const ours = app.core.uploads.list().jobs.filter((job) => job.name.startsWith('handoff-'))
      expect(ours.map((job) => job.result?.itemId).sort()).toEqual(result.jobs.map((job) => job.itemId).sort())
      // And it still holds the folder: the command never took the lock (the journal's one writer).
      expect((await readDataLock(app.dir))?.pid).toBe(process.pid)

      const queued = await runCli(['upload', await makeOne(folder, 'handoff-later'), '--queue', '--json'], variables(app.dir))
      expect(queued.code).toBe(0)
      const plain = await runCli(['upload', await makeOne(folder, 'handoff-plain'), '--queue'], variables(app.dir))
      expect(plain.stdout).toContain(`1 queued; handed to the FlipDrop app (process ${process.pid}), which publishes them`)
      await waitForQueue(app.core, (view) => view.jobs.filter((job) => job.name.startsWith('handoff-')).every((job) => job.state === 'done'))
      const shown = JSON.parse((await runCli(['queue', '--json'], variables(app.dir))).stdout) as { jobs: { source: string }[] }
      expect(shown.jobs.map((job) => job.source)).toEqual(expect.arrayContaining(['handoff-later.pdf', 'handoff-plain.pdf']))
    } finally {
      await app.core.close()
    }
  }, 60_000)
})

async function makeOne(folder: string, name: string): Promise<string> {
  const path = join(folder, `${name}.pdf`)
  await writeFile(path, await makePdf(1, name))
  return path
}

describe('Ctrl+C during --wait', () => {
  it('stops cleanly: exit 130, the jobs wait in the queue, and queue --wait finishes them once', async () => {
    const { folder, names } = await folderOf(4, 'interrupted')
    const dataDir = await mkdtemp(join(tmpdir(), 'flipdrop-cli-sigint-'))
    emulator.faults.add({ route: '/api/create-by-file', kind: 'latency', ms: 400, count: 'always' })
    let stopped: { code: number | null; stderr: string }
    try {
      const child = spawn(process.execPath, [...commandEntry(), 'upload', folder, '--wait'], {
        env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent', ...variables(dataDir) },
        stdio: ['ignore', 'pipe', 'pipe']
      })
      let stderr = ''
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
      child.stdout.once('data', () => setTimeout(() => child.kill('SIGINT'), 200))
      const code = await new Promise<number | null>((resolve) => child.once('close', (exit) => resolve(exit)))
      stopped = { code, stderr }
    } finally {
      emulator.faults.clear()
    }
    expect(stopped.code).toBe(130)
    expect(stopped.stderr).toMatch(/Stopped\. \d jobs? wait in the queue; flipdrop queue --wait finishes them\./)
    expect((await runCli(['queue', '--wait'], variables(dataDir))).code).toBe(0)
    const published = [...emulator.state.items.values()].filter((item) => item.name.startsWith('interrupted-')).map((item) => item.name).sort()
    expect(published).toEqual(names)
  }, 60_000)
})
