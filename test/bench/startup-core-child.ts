/**
 * Opens the core of a prepared data folder in a fresh process, as the app does at start (a
 * window that has not painted yet), and prints how long it took, or, with `reference`, how long
 * a bare read and JSON.parse of the same files takes:
 * `node --import tsx startup-core-child.ts <dataDir> <baseUrl> [reference]`.
 */
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'

const [dataDir = '', baseUrl = '', mode = 'core'] = process.argv.slice(2)

async function bareRead(): Promise<number> {
  const queue = join(dataDir, 'queue')
  const library = join(dataDir, 'library')
  const files = [
    ...(await readdir(queue)).map((name) => join(queue, name)),
    ...(await readdir(library)).map((name) => join(library, name)),
    join(dataDir, 'links.json')
  ]
  let parsed = 0
  for (const file of files) {
    const text = await readFile(file, 'utf8')
    // The journal is one record a line after its checksum; the other files are one document each.
    for (const line of file.endsWith('.json') ? [text] : text.split('\n').filter((entry) => entry !== '')) {
      JSON.parse(file.endsWith('.json') ? line : line.slice(line.indexOf(' ') + 1))
      parsed += 1
    }
  }
  return parsed
}

if (mode === 'reference') {
  const started = performance.now()
  const parsed = await bareRead()
  process.stdout.write(`${JSON.stringify({ ms: performance.now() - started, parsed })}\n`)
  process.exit(0)
}

const importStarted = performance.now()
const { boot } = await import('../../src-main/core/boot')
const { createFirstPaint } = await import('../../src-main/core/first-paint')
const { createMemoryKeychain } = await import('../support/memory-keychain')
const importMs = performance.now() - importStarted
const phases: Record<string, number> = {}
const started = performance.now()
const booted = boot({
  app: { info: { name: 'FlipDrop', version: 'bench', platform: process.platform, versions: { electron: '', chrome: '', node: '' } }, openUrl: async () => {}, copyText: () => {} },
  userDataDir: dataDir,
  environment: { apiKey: 'bench-queue-key', baseUrl },
  keychain: createMemoryKeychain(),
  logSink: () => {},
  // The app's start: no window has painted yet, so nothing deferred runs while it opens.
  firstPaint: createFirstPaint({ fallbackMs: 600_000 }),
  onPhase: (phase) => {
    phases[phase] = performance.now() - started
  }
})
const core = await booted.startup.ready()
const ms = performance.now() - started
const counts = { jobs: core.uploads.list().jobs.length, items: (await core.library.snapshot()).items.length, links: core.links.list().links.length }
process.stdout.write(`${JSON.stringify({ ms, importMs, phases, ...counts })}\n`)
await booted.close()
process.exit(0)
