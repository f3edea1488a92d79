import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { writeHeapSnapshot } from 'node:v8'
import { chromium } from 'playwright-core'
import { LOG_MAX_BYTES, openLogFile } from '../../src-main/core/logging/log-file'
import { startTestHost } from '../host/test-host'
import { createMemoryKeychain } from '../support/memory-keychain'
import { countMain, type MainCounts } from './main-probe'
import { openRendererProbe, type RendererCounts } from './renderer-probe'
import { startSoakService } from './soak-service'
import { backToStartRow, ceilingRow, growthRow, type SoakRow } from './soak-table'
import { emptyTally, runRound, showView, type RoundWork, type SoakWorld } from './soak-work'
import { countStorage, type StorageCounts } from './storage-probe'

/**
 * `npm run soak`: FlipDrop's core and its renderer (in Chromium, through the test host) worked
 * for a long while against the emulator on loopback, then checked for what a week in the tray
 * would show: memory that grows, handles, timers, listeners, sockets and files left open, a
 * journal or a log that outgrows its limit. SOAK_SCALE=0.05 runs a twentieth of it. Exits 1 over budget.
 */
const scale = Number(process.env['SOAK_SCALE'] ?? '1')
if (!(scale > 0 && scale <= 1)) throw new Error('SOAK_SCALE is a number in (0, 1]')
/** Idle keep-alive sockets close after the server's 5 s: counts are taken once they have. */
const SETTLE_MS = Number(process.env['SOAK_SETTLE_MS'] ?? '6000')
const KEYS = ['soak-key-alpha', 'soak-key-bravo'] as const
/** The issue's totals; one outage per round, so the rounds are the outages. */
const TOTALS = { uploads: 2000, refreshes: 200, switches: 50, viewChanges: 1000, hotFolderSaves: 100, outages: 20 }
const BATCH = 25
/** The journal's compaction rule (2,000 entries, or the queue's size) with the previous generation kept beside it. */
const JOURNAL_ENTRIES_LIMIT = 4_500
const JOURNAL_FILES_LIMIT = 3
const HEAP_GROWTH_PERCENT = 10
/** SOAK_HEAP_SNAPSHOTS=<folder>: heap snapshots of main and the renderer at both counts, to see what grew (DevTools' Memory tab, "Comparison"). */
const SNAPSHOTS = process.env['SOAK_HEAP_SNAPSHOTS']

const rounds = Math.max(1, Math.round(TOTALS.outages * scale))
/** Rounds run before the start is measured (one on a short run). */
const WARM_UP_ROUNDS = Math.min(3, rounds)
const share = (total: number, round: number): number => Math.floor((total * scale * (round + 1)) / rounds) - Math.floor((total * scale * round) / rounds)
const workOf = (round: number): RoundWork => ({
  uploads: share(TOTALS.uploads, round),
  batch: BATCH,
  refreshes: share(TOTALS.refreshes, round),
  switches: share(TOTALS.switches, round),
  viewChanges: share(TOTALS.viewChanges, round),
  hotFolderSaves: share(TOTALS.hotFolderSaves, round),
  outage: true
})

interface Counts {
  main: MainCounts
  renderer: RendererCounts
  storage: StorageCounts
}

const base = existsSync('/dev/shm') ? '/dev/shm' : tmpdir()
const workDir = await mkdtemp(join(base, 'flipdrop-soak-'))
const userDataDir = join(workDir, 'data')
const scratchDir = join(workDir, 'scratch')
const hotFolder = join(workDir, 'hot-folder')
await Promise.all([userDataDir, scratchDir, hotFolder].map((dir) => mkdir(dir, { recursive: true })))

const started = performance.now()
const service = await startSoakService(KEYS, join(workDir, 'service'))
await writeFile(join(userDataDir, 'settings.json'), JSON.stringify({ baseUrl: service.baseUrl, documentUrl: service.documentUrl }))
const host = await startTestHost({
  userDataDir,
  core: {
    keychain: createMemoryKeychain(),
    logFile: openLogFile(userDataDir, 'app'),
    // The app's own watcher, settling at test speed; a failed upload retries at test speed too.
    links: { watch: true, stabilityMs: 100, pollIntervalMs: 100 },
    queue: { firstRetryMs: 100 }
  }
})
const browser = await chromium.launch({ executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
let exitCode: number | undefined
try {
  const accounts: string[] = []
  for (const apiKey of KEYS) {
    const state = await host.core.auth.signIn({ apiKey, sessionOnly: true })
    const userId = state.account?.userId
    if (!userId) throw new Error('the emulator did not take a soak key')
    accounts.push(userId)
  }
  const [first = '', second = ''] = accounts
  await host.core.links.addHotFolder({ path: hotFolder, docType: 'Flipbook', accountId: first })
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  await page.addInitScript('globalThis.__name = (fn) => fn')
  await page.goto(host.url)
  await page.getByRole('button', { name: 'Library' }).waitFor()
  const renderer = await openRendererProbe(page)
  const world: SoakWorld = { core: () => host.core, page, service, scratchDir, hotFolder, accounts: [first, second] }

  const count = async (label: string): Promise<Counts> => {
    // The same view and account at both counts: what they show is not what is measured.
    await host.core.auth.switch({ userId: first })
    // Its library as the service has it now (the other account was the one refreshed last; a
    // sync asks about at most 100 rows the service stopped listing, so it may take a few).
    for (let sync = 0; sync < 5 && host.core.library.snapshot().items.length > 0; sync++) await host.core.library.sync()
    await host.core.library.sync()
    await showView(page, 'Library')
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS))
    // The test host keeps every line and bridge call for its tests: its own lists, not the app's.
    host.logLines.length = 0
    host.transcript.length = 0
    const counts = { main: await countMain(), renderer: await renderer.count(), storage: await countStorage(userDataDir) }
    if (SNAPSHOTS) {
      writeHeapSnapshot(join(SNAPSHOTS, `main-${label}.heapsnapshot`))
      await renderer.snapshot(join(SNAPSHOTS, `renderer-${label}.heapsnapshot`))
    }
    return counts
  }

  // Warm-up rounds first: caches that fill once, and code compiled once, are not growth. V8 goes
  // on compiling the renderer's own code for several rounds (heap snapshots every 5 rounds: compiled
  // code +666 KB over rounds 1–10, +48 KB over 11–20, no new scripts or functions), so three.
  const warmUp = emptyTally()
  for (let round = 0; round < WARM_UP_ROUNDS; round++) await runRound(world, workOf(round), warmUp)
  const start = await count('start')
  console.log(`soak: warmed up in ${((performance.now() - started) / 1000).toFixed(0)} s; ${rounds} rounds follow`)
  const tally = emptyTally()
  for (let round = 0; round < rounds; round++) {
    await runRound(world, workOf(round), tally)
    // The trend, after GC: growth that levels off is warm-up, growth every round is a leak.
    const [main, page] = [await countMain(), await renderer.count()]
    console.log(`soak: round ${round + 1}/${rounds}, ${tally.published} published, heap after GC: main ${main.heapMiB.toFixed(1)} MiB, renderer ${page.heapMiB.toFixed(2)} MiB`)
  }
  const end = await count('end')
  await renderer.close()

  const expected = TOTALS.uploads * scale + 2 * tally.outages + tally.hotFolderSaves
  const timers = (counts: MainCounts): number => (counts.resources['Timeout'] ?? 0) + (counts.resources['Immediate'] ?? 0)
  const sockets = (counts: MainCounts): number =>
    Object.entries(counts.resources).filter(([kind]) => /TCP|Pipe|UDP/.test(kind)).reduce((sum, [, n]) => sum + n, 0)
  const handles = (counts: MainCounts): number => Object.values(counts.resources).reduce((sum, n) => sum + n, 0)
  const rows: SoakRow[] = [
    { what: 'work done', measured: `${tally.published} published, ${tally.failed} not`, start: '', limit: `${Math.round(expected)} published`, ok: tally.failed === 0 && tally.published === Math.round(expected) },
    { what: 'the rest of the work', measured: `${tally.refreshes} refreshes, ${tally.switches} switches, ${tally.viewChanges} view changes, ${tally.hotFolderSaves} hot-folder saves, ${tally.outages} outages`, start: '', limit: '', ok: true },
    growthRow('main heap after GC', end.main.heapMiB, start.main.heapMiB, HEAP_GROWTH_PERCENT, 'MiB'),
    { what: 'main RSS (reported)', measured: `${end.main.rssMiB.toFixed(0)} MiB`, start: `${start.main.rssMiB.toFixed(0)} MiB`, limit: '', ok: true },
    growthRow('renderer heap after GC', end.renderer.heapMiB, start.renderer.heapMiB, HEAP_GROWTH_PERCENT, 'MiB'),
    backToStartRow('main active handles', handles(end.main), handles(start.main)),
    backToStartRow('main timers', timers(end.main), timers(start.main)),
    backToStartRow('main sockets and pipes', sockets(end.main), sockets(start.main)),
    backToStartRow('main process listeners', end.main.processListeners, start.main.processListeners),
    backToStartRow('main open file descriptors', end.main.fds ?? 0, start.main.fds ?? 0),
    backToStartRow('renderer event listeners', end.renderer.listeners, start.renderer.listeners),
    growthRow('renderer DOM nodes', end.renderer.nodes, start.renderer.nodes, HEAP_GROWTH_PERCENT, ''),
    ceilingRow('journal entries not compacted (largest log)', end.storage.journalEntries, start.storage.journalEntries, JOURNAL_ENTRIES_LIMIT),
    ceilingRow('journal files (largest log)', end.storage.journalFiles, start.storage.journalFiles, JOURNAL_FILES_LIMIT),
    ceilingRow('log file size', end.storage.logBytes, start.storage.logBytes, LOG_MAX_BYTES + 64 * 1024, 'B'),
    ceilingRow('log files', end.storage.logFiles, start.storage.logFiles, 2)
  ]
  console.table(rows.map(({ ok, ...row }) => ({ ...row, result: ok ? 'pass' : 'MISS' })))
  const differing = Object.keys({ ...start.main.resources, ...end.main.resources }).filter((kind) => start.main.resources[kind] !== end.main.resources[kind])
  if (differing.length > 0) console.log(`handles by kind, start → end: ${differing.map((kind) => `${kind} ${start.main.resources[kind] ?? 0} → ${end.main.resources[kind] ?? 0}`).join(', ')}`)
  console.log(`soak: ${((performance.now() - started) / 1000).toFixed(0)} s at SOAK_SCALE=${scale}`)
  exitCode = rows.every((row) => row.ok) ? 0 : 1
} finally {
  await browser.close()
  await host.close()
  await service.stop()
  await rm(workDir, { recursive: true, force: true })
}
process.exit(exitCode ?? 1)
