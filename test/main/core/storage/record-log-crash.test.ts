import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openRecordLog } from '../../../../src-main/core/storage/record-log'

const WRITER = fileURLToPath(new URL('./fixtures/crash-writer.ts', import.meta.url))
const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url))
const RUNS = 10
const COMPACT_EVERY = 500

interface Run {
  start: number
  dropped: string[]
  acked: number[]
}

/** Starts the writer, lets it run for `runMs` after its first ack, then SIGKILLs it. */
function runAndKill(dir: string, runMs: number): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', WRITER, dir, String(COMPACT_EVERY)], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe']
    })
    const run: Run = { start: -1, dropped: [], acked: [] }
    let buffered = ''
    let stderr = ''
    let timer: NodeJS.Timeout | undefined
    const deadline = setTimeout(() => child.kill('SIGKILL'), 10_000)
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString()
      const lines = buffered.split('\n')
      // A line cut off by the kill was never fully printed: only whole lines count.
      buffered = lines.pop() ?? ''
      for (const line of lines) {
        const [word, value, rest] = line.split(' ')
        if (word === 'start') {
          run.start = Number(value)
          run.dropped = JSON.parse(rest ?? '[]') as string[]
        } else if (word === 'ack') {
          run.acked.push(Number(value))
          // The run's time counts from its first ack, not from its start line: a slow start
          // on a loaded machine must not leave a run killed before it wrote anything.
          timer ??= setTimeout(() => child.kill('SIGKILL'), runMs)
        }
      }
    })
    child.once('error', reject)
    child.once('close', (code, signal) => {
      clearTimeout(deadline)
      clearTimeout(timer)
      if (signal !== 'SIGKILL') reject(new Error(`writer exited on its own (${code ?? signal}): ${stderr}`))
      else resolve(run)
    })
  })
}

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'flipdrop-crash-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

it('keeps every acknowledged entry, in order and once, across repeated SIGKILLs', async () => {
  const acked: number[] = []
  for (let i = 0; i < RUNS; i += 1) {
    // Kill at a random moment: mid-append, mid-fsync, mid-compaction, mid-clean-up.
    const run = await runAndKill(dir, 20 + Math.floor(Math.random() * 400))
    // Each run replayed every number acknowledged before it, so it continues above them.
    expect(run.start).toBeGreaterThan(acked.at(-1) ?? 0)
    // A crash can only leave the tail of a write unfinished.
    expect(run.dropped.every((reason) => reason === 'torn')).toBe(true)
    expect(run.acked.length).toBeGreaterThan(0)
    acked.push(...run.acked)
  }

  const { log, snapshot, entries, dropped } = await openRecordLog<{ numbers: number[] }, { n: number }>({
    dir,
    parseSnapshot: (value) => value as { numbers: number[] },
    parseEntry: (value) => value as { n: number }
  })
  await log.close()
  expect(dropped.every((d) => d.reason === 'torn')).toBe(true)
  const replayed = [...(snapshot?.numbers ?? []), ...entries.map((entry) => entry.n)]
  for (let i = 1; i < replayed.length; i += 1) {
    // Strictly increasing: in order, and no number twice.
    if ((replayed[i] ?? 0) <= (replayed[i - 1] ?? 0)) expect.fail(`entry ${i}: ${replayed[i]} after ${replayed[i - 1]}`)
  }
  const present = new Set(replayed)
  const missing = acked.filter((n) => !present.has(n))
  expect(missing).toEqual([])
  // Acks came out in append order too.
  expect(acked).toEqual([...acked].sort((a, b) => a - b))
  expect(acked.length).toBeGreaterThan(RUNS * 10)
}, 30_000)
