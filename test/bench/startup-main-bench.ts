import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import type { LibraryItem } from '../../src-shared/domain/library'
import { writeLinksFile, type LinkRecord } from '../../src-main/core/links/links-file'
import { snapshotPath, writeSnapshot } from '../../src-main/core/library/snapshot-file'
import { confirmKeyThenGoOffline, startBenchCore, writeBenchPdfs } from './queue-bench'

const run = promisify(execFile)
const root = fileURLToPath(new URL('../..', import.meta.url))
const RUNS = 7

/** The median of `values`. */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

/** One synced row as a library file keeps it. */
function libraryRow(index: number): LibraryItem {
  const id = 100_000 + index
  return {
    key: `Flipbook:${id}`,
    id,
    docType: 'Flipbook',
    name: `Catalogue ${index}`,
    title: `Catalogue ${index}`,
    description: `Spring collection, page set ${index}`,
    folder: index % 10 === 0 ? 'Archive' : null,
    customUrl: null,
    fullUrl: `https://example.com/view/${id}`,
    embedUrl: `https://example.com/embed/${id}`,
    createdOn: new Date(Date.UTC(2024, 0, 1) + index * 60_000).toISOString(),
    pages: 12,
    views: index,
    leads: 0,
    sales: 0,
    approvals: 0,
    isStarred: false,
    isPublished: true,
    isActive: true,
    thumbnail: `thumbs/${id}.jpg`,
    thumbnailUrl: null
  }
}

/** One linked PDF (a file whose saves replace its item). */
function link(folder: string, index: number, accountId: string): LinkRecord {
  const sha256 = index.toString(16).padStart(64, '0')
  return {
    id: `link-${index}`,
    path: join(folder, `file-${String(index).padStart(5, '0')}.pdf`),
    itemId: 100_000 + index,
    docType: 'Flipbook',
    accountId,
    name: `Catalogue ${index}`,
    url: `https://example.com/view/${100_000 + index}`,
    paused: false,
    problem: null,
    message: null,
    seen: sha256,
    published: { sha256, size: 600, at: Date.UTC(2024, 0, 1) },
    versions: [],
    folderId: null,
    polling: false
  }
}

/**
 * A data folder as after a long use: `count` queued jobs (enqueued by the real core, offline),
 * a library of `count` items and `count` linked PDFs, for the account the key was confirmed as.
 */
export async function prepareDataFolder(count: number): Promise<{ dataDir: string; baseUrl: string; cleanUp(): Promise<void> }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'flipdrop-bench-startup-'))
  const baseUrl = await confirmKeyThenGoOffline(dataDir)
  const folder = await writeBenchPdfs(count, 'startup')
  const { core, close } = await startBenchCore(dataDir, baseUrl)
  await core.uploads.pause()
  const added = await core.uploads.enqueuePaths({ paths: [folder], docType: 'Flipbook', onSameContent: 'ask' })
  const accountId = core.auth.currentAccountId()
  await close()
  if (added.added.length !== count || accountId === null) throw new Error(`prepared ${added.added.length} of ${count} jobs for ${accountId ?? 'nobody'}`)
  await writeSnapshot(snapshotPath(dataDir, accountId), {
    items: Array.from({ length: count }, (_, index) => libraryRow(index)),
    roots: { Flipbook: 'https://example.com/files/' },
    syncedAt: new Date().toISOString(),
    owner: accountId
  })
  await writeLinksFile(dataDir, {
    version: 1,
    keepCopies: false,
    links: Array.from({ length: count }, (_, index) => link(folder, index, accountId)),
    folders: [],
    pending: []
  })
  return {
    dataDir,
    baseUrl,
    cleanUp: async () => {
      await rm(dataDir, { recursive: true, force: true })
      await rm(dirname(folder), { recursive: true, force: true })
    }
  }
}

interface CoreOpen {
  ms: number
  importMs: number
  phases: Record<string, number>
  jobs: number
  items: number
  links: number
}

async function child<T>(args: string[]): Promise<T> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'test/bench/startup-core-child.ts', ...args], { cwd: root })
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as T
}

/** Opening the core with `count` jobs, items and links in a fresh process, against a bare read + parse of the same files. */
export async function coreOpen(count: number): Promise<{ open: CoreOpen; referenceMs: number }> {
  const prepared = await prepareDataFolder(count)
  try {
    const opens: CoreOpen[] = []
    const references: number[] = []
    // Alternated, so neither side gets the quieter moments of a shared machine.
    for (let round = 0; round < RUNS; round++) {
      references.push((await child<{ ms: number }>([prepared.dataDir, prepared.baseUrl, 'reference'])).ms)
      opens.push(await child<CoreOpen>([prepared.dataDir, prepared.baseUrl]))
    }
    opens.sort((a, b) => a.ms - b.ms)
    const open = opens[Math.floor(opens.length / 2)]
    if (!open) throw new Error('the core never opened')
    return { open, referenceMs: median(references) }
  } finally {
    await prepared.cleanUp()
  }
}

interface StandInTimings {
  readyMs: number
  loadUrlMs: number
}

async function underStandIn(script: string): Promise<StandInTimings> {
  const { stdout } = await run(process.execPath, ['--import', './test/main/built/use-fake-electron.mjs', script], {
    cwd: root,
    env: { ...process.env, ELECTRON_RENDERER_URL: '', DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent', FAKE_REPORT_AFTER_MS: '300' },
    timeout: 20_000
  })
  const { timings } = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as { timings: StandInTimings }
  return timings
}

/**
 * The built main (out/main/index.js) under the recording Electron stand-in: from `ready` to the
 * window's loadURL, and from the process start to it, against an empty main under the same stand-in.
 */
export async function builtMainStart(): Promise<{ readyToLoad: number; startToLoad: number; reference: { readyToLoad: number; startToLoad: number } }> {
  const built: StandInTimings[] = []
  const empty: StandInTimings[] = []
  for (let round = 0; round < RUNS; round++) {
    empty.push(await underStandIn('test/bench/empty-main.mjs'))
    built.push(await underStandIn('out/main/index.js'))
  }
  const summary = (runs: StandInTimings[]): { readyToLoad: number; startToLoad: number } => ({
    readyToLoad: median(runs.map((timing) => timing.loadUrlMs - timing.readyMs)),
    startToLoad: median(runs.map((timing) => timing.loadUrlMs))
  })
  return { ...summary(built), reference: summary(empty) }
}
