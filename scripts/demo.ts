/**
 * `npm run demo`: FlipDrop without an account. Starts the local service emulator with a
 * sample library and the app signed in to it with the demo key (from the environment,
 * never stored), in a throwaway data folder. With `--browser` the same renderer and core are
 * served through the test host on 127.0.0.1, for machines where Electron cannot start; files
 * dropped or picked there are copied into the data folder (browser-drops/) and published from
 * it. stdout carries only the ready line; everything else goes to stderr.
 */
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startEmulator, type RunningEmulator } from '../test/emulator'
import { startTestHost } from '../test/host/test-host'
import { createMemoryKeychain } from '../test/support/memory-keychain'
import { DEMO_USAGE, parseDemoArgs, type DemoOptions } from './demo/demo-args'
import { buildApp, rendererBuildIsStale } from './demo/renderer-build'

const DEMO_KEY = 'demo-key'
const root = fileURLToPath(new URL('..', import.meta.url))

/**
 * Resolves on the first SIGINT or SIGTERM; later ones are let go while the demo stops. Ctrl+C
 * in a terminal signals the whole group, so the demo hears it twice (from the terminal, and
 * from npm passing it on): with one handler, the second killed it mid-clean-up (2 of 3 tries).
 */
function stopSignal(): Promise<void> {
  return new Promise((resolve) => {
    process.on('SIGINT', () => resolve())
    process.on('SIGTERM', () => resolve())
  })
}

async function inBrowser(emulator: RunningEmulator, dataDir: string): Promise<void> {
  if (await rendererBuildIsStale(root)) {
    process.stderr.write('Building FlipDrop…\n')
    await buildApp(root)
  }
  const stopped = stopSignal()
  const host = await startTestHost({
    userDataDir: dataDir,
    // A browser has no OS dialog for main to show: "Add PDFs…" picks in the page, and every
    // file dropped or picked is copied to the host (the demo's data folder) to be published.
    pickFilesInPage: true,
    core: {
      environment: { apiKey: DEMO_KEY, baseUrl: emulator.baseUrl, documentUrl: emulator.documentUrl },
      // The demo never touches the designer's real keychain.
      keychain: createMemoryKeychain()
    }
  })
  const ready = { appUrl: host.url, baseUrl: emulator.baseUrl, documentUrl: emulator.documentUrl, apiKey: DEMO_KEY }
  process.stdout.write(`demo ready ${JSON.stringify(ready)}\n`)
  process.stderr.write(`Open ${host.url} in Chromium or Chrome. Ctrl+C stops the demo.\n`)
  await stopped
  await host.close()
}

/** Launches Electron (fetching its runtime on first start) signed in to the emulator; resolves with its exit code. */
function inElectron(emulator: RunningEmulator, dataDir: string): Promise<number> {
  const env = {
    ...process.env,
    FLIPDROP_API_KEY: DEMO_KEY,
    FLIPDROP_BASE_URL: emulator.baseUrl,
    FLIPDROP_DOCUMENT_URL: emulator.documentUrl,
    FLIPDROP_DATA_DIR: dataDir
  }
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'scripts/launch-electron.ts'), 'preview'], {
    cwd: root,
    env,
    stdio: ['inherit', process.stderr, process.stderr]
  })
  return new Promise((resolve) => {
    child.once('error', () => resolve(1))
    child.once('exit', (code) => resolve(code ?? 0))
  })
}

async function run(options: DemoOptions): Promise<number> {
  const scratch = await mkdtemp(join(tmpdir(), 'flipdrop-demo-'))
  const emulator = await startEmulator({
    keys: [DEMO_KEY],
    seed: options.items ?? true,
    dataDir: join(scratch, 'emulator'),
    log: () => {}
  })
  try {
    if (options.browser) {
      await inBrowser(emulator, join(scratch, 'app'))
      return 0
    }
    const code = await inElectron(emulator, join(scratch, 'app'))
    if (code !== 0) process.stderr.write('Electron could not run here. Try the browser demo: npm run demo -- --browser\n')
    return code
  } finally {
    await emulator.close()
    await rm(scratch, { recursive: true, force: true })
  }
}

const parsed = parseDemoArgs(process.argv.slice(2))
if (!parsed.ok) {
  if (parsed.message) process.stderr.write(`${parsed.message}\n\n`)
  process.stderr.write(`${DEMO_USAGE}\n`)
  process.exit(parsed.message ? 2 : 0)
}
run(parsed.options).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`The demo could not start: ${error instanceof Error ? error.message : String(error)}\n`)
    process.exit(1)
  }
)
