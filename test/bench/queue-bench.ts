import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { boot } from '../../src-main/core/boot'
import type { Core } from '../../src-main/core/core'
import { createAccountCache } from '../../src-main/core/auth/account-cache'
import { makePdf } from '../emulator/fixtures/make-pdf'
import { createMemoryKeychain } from '../support/memory-keychain'
import { spawnEmulator } from './emulator-process'

const run = promisify(execFile)
const root = fileURLToPath(new URL('../..', import.meta.url))
export const QUEUE_BENCH_KEY = 'bench-queue-key'
/** The account the benchmarks' jobs are made for. */
const BENCH_ACCOUNT = 'bench-account'

/**
 * A small ordinary one-page PDF whose bytes differ by `n`: the queue reads its structure
 * (header, cross-reference table, catalog, page tree) and hashes it, as for a real export.
 */
function tinyPdf(n: string): string {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>'
  ]
  let text = `%PDF-1.4\n% FlipDrop bench file ${n}\n`
  const offsets = objects.map((body, index) => {
    const at = text.length
    text += `${index + 1} 0 obj\n${body}\nendobj\n`
    return at
  })
  const xref = text.length
  const entries = offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`).join('')
  return `${text}xref\n0 4\n0000000000 65535 f \n${entries}trailer\n<< /Size 4 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
}

/** Writes `count` distinct small PDFs into a fresh folder (in memory-backed /dev/shm when there is one). */
export async function writeBenchPdfs(count: number, name: string): Promise<string> {
  const base = await mkdtemp(join(process.platform === 'linux' ? '/dev/shm' : tmpdir(), `flipdrop-${name}-`))
  const folder = join(base, 'pdfs')
  await mkdir(folder)
  for (let index = 0; index < count; index++) {
    await writeFile(join(folder, `file-${String(index).padStart(5, '0')}.pdf`), tinyPdf(`${name} ${index}`))
  }
  return folder
}

/**
 * The real core on a data folder, signed in with the environment key, for the queue
 * benchmarks. The folder met the key's account before (as after any earlier sign-in), so jobs
 * are made for it even when the service cannot be reached.
 */
export async function startBenchCore(dataDir: string, baseUrl: string): Promise<{ core: Core; close(): Promise<void> }> {
  await createAccountCache(dataDir).write({
    userId: BENCH_ACCOUNT,
    vendorId: null,
    name: 'Bench',
    email: 'bench@example.com',
    brand: null,
    appUrl: null,
    maxFileSizeMb: null
  })
  const booted = boot({
    app: { info: { name: 'FlipDrop', version: 'bench', platform: process.platform, versions: { electron: '', chrome: '', node: '' } }, openUrl: async () => {}, copyText: () => {} },
    userDataDir: dataDir,
    environment: { apiKey: QUEUE_BENCH_KEY, baseUrl },
    keychain: createMemoryKeychain(),
    logSink: () => {}
  })
  const core = await booted.startup.ready()
  return { core, close: () => booted.close() }
}

/**
 * A running app whose key the service confirmed once (the data folder remembers it), now out
 * of reach: it queues offline for that account. A key never confirmed is nobody's, and nothing
 * would be queued. Returns the address, which no longer answers.
 */
export async function confirmKeyThenGoOffline(dataDir: string): Promise<string> {
  // A plan with room for every job the bench queues (the plan is learned here, before going offline).
  const emulator = await spawnEmulator(['--port', '0', '--document-port', '0', '--key', QUEUE_BENCH_KEY, '--max-items', '1000000'])
  try {
    const { core, close } = await startBenchCore(dataDir, emulator.baseUrl)
    const deadline = performance.now() + 15_000
    while (core.connection.accountId === null && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20))
    const confirmed = core.connection.accountId !== null
    await close()
    if (!confirmed) throw new Error('the bench key was never confirmed by the emulator')
  } finally {
    await emulator.stop()
  }
  return emulator.baseUrl
}

/** Restores the queue of `queueDir` in a fresh process, as a restart does; returns milliseconds. */
async function restoreOnce(queueDir: string): Promise<{ ms: number; jobs: number }> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'test/bench/queue-restore-child.ts', queueDir], { cwd: root })
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as { ms: number; jobs: number }
}

/** The median of five restarts: one cold start on a shared 2-core machine varies by ±20 %. */
export async function restoreInFreshProcess(queueDir: string): Promise<{ ms: number; jobs: number }> {
  const runs: { ms: number; jobs: number }[] = []
  for (let run = 0; run < 5; run++) runs.push(await restoreOnce(queueDir))
  runs.sort((a, b) => a.ms - b.ms)
  return runs[2] ?? { ms: Number.NaN, jobs: 0 }
}

/**
 * Enqueues 10,000 files into a paused queue (offline: nothing is sent) and times it; then
 * closes it normally and times the restore of those 10,000 jobs in a fresh process.
 */
export async function enqueueAndRestore(count: number): Promise<{ enqueueMs: number; restored: { ms: number; jobs: number } }> {
  const folder = await writeBenchPdfs(count, 'enqueue')
  const dataDir = await mkdtemp(join(tmpdir(), 'flipdrop-bench-queue-'))
  const { core, close } = await startBenchCore(dataDir, await confirmKeyThenGoOffline(dataDir))
  await core.uploads.pause()
  // A running app: the intake worker was started by an earlier drop (here one small file).
  const warmUp = await writeBenchPdfs(1, 'warm-up')
  const warm = await core.uploads.enqueuePaths({ paths: [warmUp], docType: 'Flipbook', onSameContent: 'ask' })
  // Gone before the restore is timed: it must restore exactly `count` jobs.
  for (const job of warm.added) await core.uploads.remove({ jobId: job.id })
  const started = performance.now()
  const result = await core.uploads.enqueuePaths({ paths: [folder], docType: 'Flipbook', onSameContent: 'ask' })
  const enqueueMs = performance.now() - started
  if (result.added.length !== count) throw new Error(`enqueued ${result.added.length} of ${count}: ${result.refused[0]?.reason ?? ''}`)
  await close()
  return { enqueueMs, restored: await restoreInFreshProcess(join(dataDir, 'queue')) }
}

/**
 * The worst restore: 10,000 jobs written to the journal and never compacted, by a child
 * process that then dies (a crash right after adding them: nothing closed, nothing compacted).
 */
export async function restoreAfterCrash(count: number): Promise<{ ms: number; jobs: number }> {
  const dir = await mkdtemp(join(tmpdir(), 'flipdrop-bench-crash-'))
  await run(process.execPath, ['--import', 'tsx', 'test/bench/queue-crash-writer-child.ts', dir, String(count)], { cwd: root })
  return restoreInFreshProcess(dir)
}

/**
 * One upload straight to the emulator before the clock starts: its pdf.js (which judges every
 * file) starts with the first upload, and the service it stands for is never cold.
 */
async function warmEmulator(emulatorUrl: string): Promise<void> {
  const form = new FormData()
  form.append('Name', 'warm-up')
  form.append('File', new Blob([new Uint8Array(await makePdf(1, 'warm-up'))], { type: 'application/pdf' }), 'warm-up.pdf')
  const answer = await fetch(`${emulatorUrl}/api/create-by-file`, { method: 'POST', headers: { 'X-Api-Key': QUEUE_BENCH_KEY }, body: form })
  await answer.arrayBuffer()
}

/**
 * Publishes `count` small PDFs through the real queue against an emulator limited to
 * `limit` requests per `windowSeconds`; returns jobs per second, requests per job, 429s and
 * journal bytes per job.
 */
export async function queueThroughput(
  emulatorUrl: string,
  count: number
): Promise<{ seconds: number; jobsPerSecond: number; requestsPerJob: number; rejected: number; bytesPerJob: number }> {
  // Real one-page PDFs: the emulator parses what it is sent, as the service does.
  const folder = await mkdtemp(join(tmpdir(), 'flipdrop-bench-throughput-'))
  for (let index = 0; index < count; index++) await writeFile(join(folder, `page-${index}.pdf`), await makePdf(1, `bench ${index}`))
  const dataDir = await mkdtemp(join(tmpdir(), 'flipdrop-bench-run-'))
  await warmEmulator(emulatorUrl)
  const { core, close } = await startBenchCore(dataDir, emulatorUrl)
  // Let start-up reads (the plan's limits) finish first: they are not part of the jobs' cost.
  while (core.uploads.list().limits.learnedAt === null) await new Promise((resolve) => setTimeout(resolve, 20))
  const state = async (): Promise<{ requests: { status: number; path: string }[] }> =>
    (await (await fetch(`${emulatorUrl}/__emulator/state`)).json()) as { requests: { status: number; path: string }[] }
  const before = (await state()).requests.length
  const bytesBefore = core.uploads.bytesWritten
  const started = performance.now()
  await core.uploads.enqueuePaths({ paths: [folder], docType: 'Flipbook', onSameContent: 'ask' })
  while (!core.uploads.list().jobs.every((job) => job.state === 'done' || job.state === 'failed')) {
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  const seconds = (performance.now() - started) / 1000
  const failed = core.uploads.list().jobs.filter((job) => job.state === 'failed')
  if (failed.length > 0) throw new Error(`${failed.length} jobs failed: ${failed[0]?.failure?.message ?? ''}`)
  const requests = (await state()).requests.slice(before)
  const bytesPerJob = (core.uploads.bytesWritten - bytesBefore) / count
  await close()
  return {
    seconds,
    jobsPerSecond: count / seconds,
    requestsPerJob: requests.length / count,
    rejected: requests.filter((entry) => entry.status === 429).length,
    bytesPerJob
  }
}
