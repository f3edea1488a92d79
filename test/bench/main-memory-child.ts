/**
 * Opens the core on a prepared data folder in a fresh process, as main opens it (boot, the log
 * file, background sync), waits until the start has settled (every job restored, the library
 * read and synced, both accounts held), and prints its own memory as one JSON line:
 * `node --expose-gc --import tsx main-memory-child.ts <dataDir> <items> <jobs>`, the keychain's
 * entries as JSON in FLIPDROP_BENCH_KEYCHAIN. The core's modules are imported after the
 * baseline is taken, so the baseline is this process with its loader and nothing of FlipDrop.
 */
import type { MemoryReading } from './main-memory-reading'

const [dataDir = '', itemsText = '0', jobsText = '0'] = process.argv.slice(2)
const expectedItems = Number(itemsText)
const expectedJobs = Number(jobsText)

const collect = (globalThis as { gc?: () => void }).gc
if (!collect) throw new Error('run with node --expose-gc')

function read(): MemoryReading {
  const usage = process.memoryUsage()
  return { heapUsedBytes: usage.heapUsed, rssBytes: usage.rss, externalBytes: usage.external + usage.arrayBuffers }
}
function collected(): MemoryReading {
  // Twice: the first pass runs finalizers whose garbage the second one frees.
  collect?.()
  collect?.()
  return read()
}

const baseline = collected()
const started = performance.now()
const startedAt = Date.now()
const { boot } = await import('../../src-main/core/boot')
const { openLogFile } = await import('../../src-main/core/logging/log-file')
const { createMemoryKeychain } = await import('../support/memory-keychain')

const keychain = createMemoryKeychain()
const entries = JSON.parse(process.env['FLIPDROP_BENCH_KEYCHAIN'] ?? '{}') as Record<string, string>
for (const [entry, key] of Object.entries(entries)) await keychain.set(entry, key)

const booted = boot({
  app: { info: { name: 'FlipDrop', version: 'bench', platform: process.platform, versions: { electron: '', chrome: '', node: '' } }, openUrl: async () => {}, copyText: () => {} },
  userDataDir: dataDir,
  keychain,
  logFile: openLogFile(dataDir, 'app'),
  logSink: () => {}
})
const core = await booted.startup.ready()
const openedMs = performance.now() - started

/** True once the start has settled: what an idle app holds in the tray. */
function settled(): boolean {
  const library = core.library.snapshot()
  const signedIn = core.auth.status().accounts.filter((account) => account.signedIn).length
  return (
    library.items.length === expectedItems &&
    library.sync.phase === 'idle' &&
    library.sync.syncedAt !== null &&
    // A sync of this run (its time has whole seconds at best), not the one the folder was prepared with.
    Date.parse(library.sync.syncedAt) >= startedAt - 1000 &&
    core.uploads.list().jobs.length === expectedJobs &&
    signedIn === 2 &&
    core.connection.accountId !== null
  )
}
/** A file read or write under way (the library saved after its sync holds its whole text until written). */
const writing = (): boolean => process.getActiveResourcesInfo().some((resource) => resource.startsWith('FSReq'))
const deadline = performance.now() + 120_000
let quiet = 0
// Settled, with no file operation seen on two polls in a row: the saves after the start are done.
while (quiet < 2) {
  quiet = settled() && !writing() ? quiet + 1 : 0
  if (performance.now() > deadline) throw new Error(`the start did not settle: ${JSON.stringify(core.library.snapshot().sync)}, ${core.uploads.list().jobs.length} jobs`)
  await new Promise((resolve) => setTimeout(resolve, 50))
}
const afterStart = read()
const afterGc = collected()
const result = {
  baseline,
  afterStart,
  afterGc,
  openedMs,
  items: core.library.snapshot().items.length,
  jobs: core.uploads.list().jobs.length,
  accounts: core.auth.status().accounts.filter((account) => account.signedIn).length
}
await booted.close()
process.stdout.write(`${JSON.stringify(result)}\n`)
process.exit(0)
