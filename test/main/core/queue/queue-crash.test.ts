import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openQueueStore } from '../../../../src-main/core/queue/queue-store'
import { startEmulator, type RunningEmulator } from '../../../emulator'
import { bundleScript } from '../../../support/bundle-script'
import { QUEUE_KEY, writePdf } from '../../../support/queue-fixture'

const runnerSource = fileURLToPath(new URL('./fixtures/queue-runner.ts', import.meta.url))
/** The runner, bundled once: each of the 31 starts then takes a fraction of tsx's. */
let runner = ''
const FILES = 100
const KILLS = 30

let emulator: RunningEmulator

beforeAll(async () => {
  // A generous limit and a little latency: the kills should land mid-upload, not after the end.
  emulator = await startEmulator({ keys: [QUEUE_KEY], rateLimit: { limit: 100_000, windowSeconds: 60 }, maxItems: 1_000, log: () => {} })
  emulator.faults.add({ route: '/api/create-by-file', kind: 'latency', ms: 150, count: 'always' })
  runner = await bundleScript(runnerSource)
})
afterAll(async () => {
  await emulator.close()
  if (runner) await rm(dirname(runner), { recursive: true, force: true })
})

interface Run {
  lines: string[]
  exit: Promise<number | null>
  kill(): void
  /** Resolves when the child printed `line` (or exited). */
  saw(line: string): Promise<void>
}

function runQueue(dataDir: string, filesDir: string, mode: 'enqueue' | 'run'): Run {
  const child = spawn(process.execPath, [runner, dataDir, emulator.baseUrl, filesDir, mode], {
    stdio: ['ignore', 'pipe', 'inherit']
  })
  const lines: string[] = []
  const waiting: { line: string; resolve: () => void }[] = []
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  child.stdout.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      lines.push(line)
      for (const waiter of waiting.filter((entry) => line.startsWith(entry.line))) waiter.resolve()
    }
  })
  return {
    lines,
    exit,
    kill: () => child.kill('SIGKILL'),
    saw: (line) =>
      new Promise<void>((resolve) => {
        if (lines.some((seen) => seen.startsWith(line))) resolve()
        waiting.push({ line, resolve })
        void exit.then(() => resolve())
      })
  }
}

describe('the queue, killed with SIGKILL at random points', () => {
  it(`loses no job and publishes none twice across a ${FILES}-file run killed ${KILLS} times`, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'flipdrop-crash-data-'))
    const filesDir = await mkdtemp(join(tmpdir(), 'flipdrop-crash-files-'))
    const names = Array.from({ length: FILES }, (_, index) => `crash-${String(index).padStart(3, '0')}`)
    for (const name of names) await writePdf(filesDir, `${name}.pdf`)

    let enqueued = false
    let kills = 0
    for (let round = 0; round < KILLS; round++) {
      const run = runQueue(dataDir, filesDir, enqueued ? 'run' : 'enqueue')
      await run.saw('ready')
      // Anywhere from right after start-up (often mid-enqueue or mid-reconciliation) to well into uploads.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 600))
      run.kill()
      const code = await run.exit
      if (code === null) kills++
      enqueued ||= run.lines.some((line) => line.startsWith('enqueued'))
    }
    const last = runQueue(dataDir, filesDir, enqueued ? 'run' : 'enqueue')
    await last.saw('finished')
    expect(await last.exit).toBe(0)
    expect(kills).toBe(KILLS)

    // The service has every file exactly once.
    const published = [...emulator.state.items.values()].map((item) => item.name).sort()
    expect(published).toEqual(names)
    // And the journal agrees: every job done, each with its own item.
    const { store } = await openQueueStore(join(dataDir, 'queue'))
    const jobs = store.jobs()
    expect(jobs).toHaveLength(FILES)
    expect(jobs.every((job) => job.state === 'done')).toBe(true)
    expect(new Set(jobs.map((job) => job.result?.itemId)).size).toBe(FILES)
    await store.close()
  }, 180_000)
})
