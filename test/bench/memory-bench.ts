import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { boot } from '../../src-main/core/boot'
import { startEmulator, type RunningEmulator } from '../emulator'
import { createMemoryKeychain } from '../support/memory-keychain'
import { BARE_NODE_SCRIPT, parseBareNode, parseMainMemory, type MainMemory } from './main-memory-reading'
import { writeBenchPdfs } from './queue-bench'

const run = promisify(execFile)
const root = fileURLToPath(new URL('../..', import.meta.url))
const KEYS = ['bench-memory-a', 'bench-memory-b'] as const
/** The second account's library: smaller, read into memory too (signed-in accounts are preloaded). */
const SECOND_LIBRARY = 1_000

/** A data folder as a long-used app leaves it, with the emulator it was synced against. */
export interface PreparedFolder {
  dataDir: string
  emulator: RunningEmulator
  /** The keychain's entries (account → key), for the child's in-memory keychain. */
  keychain: Record<string, string>
  items: number
  jobs: number
  close(): Promise<void>
}

/**
 * Two accounts signed in (the first with `items` library items, current), both libraries
 * synced, and `jobs` PDFs queued into the paused queue: the queue is saved paused, so the
 * measured start sends nothing and holds all of them.
 */
export async function prepareFolder(items: number, jobs: number): Promise<PreparedFolder> {
  const emulator = await startEmulator({
    keys: [...KEYS],
    seed: items,
    maxItems: 1_000_000,
    // Two full syncs of one account fit in a window: the limit is not what this measures.
    rateLimit: { limit: 100_000, windowSeconds: 60 },
    log: () => {}
  })
  await emulator.seed(SECOND_LIBRARY, KEYS[1])
  const dataDir = await mkdtemp(join(tmpdir(), 'flipdrop-bench-memory-'))
  const pdfs = await writeBenchPdfs(jobs, 'memory')
  const close = async (): Promise<void> => {
    await emulator.close()
    await rm(dataDir, { recursive: true, force: true })
    await rm(dirname(pdfs), { recursive: true, force: true })
  }
  try {
    await writeFile(join(dataDir, 'settings.json'), JSON.stringify({ baseUrl: emulator.baseUrl, documentUrl: emulator.documentUrl }))
    const keychain = createMemoryKeychain()
    const booted = boot({
      app: { info: { name: 'FlipDrop', version: 'bench', platform: process.platform, versions: { electron: '', chrome: '', node: '' } }, openUrl: async () => {}, copyText: () => {} },
      userDataDir: dataDir,
      keychain,
      logSink: () => {}
    })
    const core = await booted.startup.ready()
    // The second account first, so the one with the large library is current.
    const second = await core.auth.signIn({ apiKey: KEYS[1], sessionOnly: false })
    await core.library.sync()
    const first = await core.auth.signIn({ apiKey: KEYS[0], sessionOnly: false })
    const synced = await core.library.sync()
    if (synced.phase !== 'idle' || core.library.snapshot().items.length !== items) throw new Error(`the library did not sync: ${synced.message ?? ''}`)
    await core.uploads.pause()
    const queued = await core.uploads.enqueuePaths({ paths: [pdfs], docType: 'Flipbook', onSameContent: 'ask' })
    if (queued.added.length !== jobs) throw new Error(`queued ${queued.added.length} of ${jobs}: ${queued.refused[0]?.reason ?? ''}`)
    await booted.close()
    if (!second.account?.userId || !first.account?.userId) throw new Error('an account was not confirmed')
    return { dataDir, emulator, keychain: Object.fromEntries(keychain.entries), items, jobs, close }
  } catch (error) {
    await close()
    throw error
  }
}

/** Opens the prepared folder in a fresh Node process (main-memory-child.ts) and returns what it measured on itself. */
export async function measureMainInFreshProcess(folder: PreparedFolder): Promise<MainMemory> {
  const { stdout } = await run(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', 'test/bench/main-memory-child.ts', folder.dataDir, String(folder.items), String(folder.jobs)],
    { cwd: root, env: { ...process.env, FLIPDROP_BENCH_KEYCHAIN: JSON.stringify(folder.keychain) }, maxBuffer: 16 * 1024 * 1024 }
  )
  return parseMainMemory(stdout)
}

/** A fresh bare Node process's own heap and RSS after GC, measured in the same run. */
export async function measureBareNode(): Promise<{ heapMiB: number; rssMiB: number }> {
  const { stdout } = await run(process.execPath, ['--expose-gc', '-e', BARE_NODE_SCRIPT], { cwd: root })
  return parseBareNode(stdout)
}

/** Main's memory with `items` library items, `jobs` queued jobs and two accounts, and the bare-Node reference. */
export async function measureMainMemory(items: number, jobs: number): Promise<{ main: MainMemory; bare: { heapMiB: number; rssMiB: number } }> {
  const folder = await prepareFolder(items, jobs)
  try {
    const bare = await measureBareNode()
    const main = await measureMainInFreshProcess(folder)
    if (main.items !== items || main.jobs !== jobs || main.accounts !== 2) throw new Error(`the child held ${main.items} items, ${main.jobs} jobs, ${main.accounts} accounts`)
    return { main, bare }
  } finally {
    await folder.close()
  }
}
