import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { boot } from '../../src-main/core/boot'
import { LibraryStore } from '../../src-main/core/library/library-store'
import { createLogger } from '../../src-main/core/log'
import { createMemoryKeychain } from '../support/memory-keychain'
import { spawnEmulator } from './emulator-process'


export interface LibrarySyncNumbers {
  items: number
  /** Requests the emulator saw during the sync (list pages, the storage-root reads, sign-in's own). */
  requests: number
  listRequests: number
  rejected: number
  ms: number
  /** The data folder, with the account's library file, for the load measurement; removed by the caller. */
  dataDir: string
}

interface EmulatorState {
  requests: { path: string; status: number }[]
  rateWindows: { rejected: number }[]
}

/**
 * A full library sync of `items` seeded items on both hosts, by the real core, against an
 * emulator in its own process with the given fixed-window limit. Time from the core's start
 * (the sync starts with it) to the end of the sync.
 */
export async function syncLibrary(items: number, limit: number, windowSeconds: number): Promise<LibrarySyncNumbers> {
  // A key per limit: the process keeps one limiter per key, and it remembers the window it learned.
  const key = `bench-library-${limit}-${windowSeconds}`
  const emulator = await spawnEmulator(['--port', '0', '--document-port', '0', '--key', key, '--seed-items', String(items), '--rate-limit', `${limit}/${windowSeconds}`])
  const dataDir = await mkdtemp(join(tmpdir(), 'flipdrop-bench-library-'))
  try {
    const started = performance.now()
    const booted = boot({
      app: { info: { name: 'FlipDrop', version: 'bench', platform: process.platform, versions: { electron: '', chrome: '', node: '' } }, openUrl: async () => {}, copyText: () => {} },
      userDataDir: dataDir,
      environment: { apiKey: key, baseUrl: emulator.baseUrl, documentUrl: emulator.documentUrl },
      keychain: createMemoryKeychain(),
      logSink: () => {}
    })
    const core = await booted.startup.ready()
    const state = await core.library.sync()
    const ms = performance.now() - started
    const synced = core.library.snapshot().items.length
    await booted.close()
    if (state.phase !== 'idle') throw new Error(`the library sync did not finish: ${state.message ?? ''}`)
    const seen = (await (await fetch(`${emulator.baseUrl}/__emulator/state`)).json()) as EmulatorState
    const api = seen.requests.filter((entry) => entry.path.startsWith('/api/'))
    return {
      items: synced,
      requests: api.length,
      listRequests: api.filter((entry) => entry.path === '/api/list').length,
      rejected: seen.rateWindows.reduce((sum, window) => sum + window.rejected, 0),
      ms,
      dataDir
    }
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true })
    throw error
  } finally {
    await emulator.stop()
  }
}

/** Reads and checks the account's library file (`library/<account>.json`) as a start does; the median of five, in milliseconds. */
export async function loadSnapshot(dataDir: string): Promise<{ ms: number; items: number }> {
  const [file = 'missing.json'] = await readdir(join(dataDir, 'library'))
  const runs: { ms: number; items: number }[] = []
  for (let run = 0; run < 5; run++) {
    const started = performance.now()
    const store = await LibraryStore.open(join(dataDir, 'library', file), createLogger(() => {}))
    runs.push({ ms: performance.now() - started, items: store.all().length })
  }
  runs.sort((a, b) => a.ms - b.ms)
  return runs[2] ?? { ms: Number.NaN, items: 0 }
}
