/**
 * `npm run demo`: FlipDrop without an account. Starts the local service emulator with one or
 * more accounts, each with its own sample library, and the app signed in to all of them (the
 * first current), in a throwaway data folder. With `--browser` the same renderer and core are
 * served through the test host on 127.0.0.1, for machines where Electron cannot start; files
 * dropped or picked there are copied into the data folder (browser-drops/) and published from
 * it. stdout carries only the ready line; everything else goes to stderr. The designer's real
 * keychain is never touched: keys live in a memory keychain, or (Electron) in the environment.
 */
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startEmulator, type RunningEmulator } from '../test/emulator'
import { startTestHost } from '../test/host/test-host'
import { createMemoryKeychain } from '../test/support/memory-keychain'
import { seedReadersHistory } from '../test/support/readers-history'
import { demoKeys, prepareDataFolder, signInDemoAccounts } from './demo/demo-accounts'
import { DEMO_USAGE, parseDemoArgs, type DemoOptions } from './demo/demo-args'
import { buildApp, rendererBuildIsStale } from './demo/renderer-build'

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

/** The service's addresses, for every core the demo starts (the keys are signed in, not set). */
const addressesOf = (emulator: RunningEmulator): { baseUrl: string; documentUrl: string } => ({ baseUrl: emulator.baseUrl, documentUrl: emulator.documentUrl })

async function inBrowser(emulator: RunningEmulator, dataDir: string, keys: string[], hotFolder: string | undefined): Promise<void> {
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
    // The demo never touches the designer's real keychain.
    core: { environment: addressesOf(emulator), keychain: createMemoryKeychain() }
  })
  await signInDemoAccounts(host.core, keys, hotFolder)
  const ready = { appUrl: host.url, ...addressesOf(emulator), apiKey: keys[0], apiKeys: keys }
  process.stdout.write(`demo ready ${JSON.stringify(ready)}\n`)
  process.stderr.write(`Open ${host.url} in Chromium or Chrome. Ctrl+C stops the demo.\n`)
  await stopped
  await host.close()
}

/** Launches Electron (fetching its runtime on first start) signed in to the emulator; resolves with its exit code. */
async function inElectron(emulator: RunningEmulator, dataDir: string, keys: string[], hotFolder: string | undefined): Promise<number> {
  await prepareDataFolder(dataDir, addressesOf(emulator), keys, hotFolder)
  const env = {
    ...process.env,
    // Held for the run, never stored: the first account's key, and the others' (FLIPDROP_DEMO_MORE_API_KEYS, the demo's own).
    FLIPDROP_API_KEY: keys[0],
    FLIPDROP_DEMO_MORE_API_KEYS: keys.slice(1).join(','),
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
  const keys = demoKeys(options.accounts)
  const emulator = await startEmulator({ keys, seed: false, profilePictures: true, dataDir: join(scratch, 'emulator'), log: () => {} })
  try {
    const count = options.items ?? 36
    // Each account its own library (its own titles), in its own folders or spread over --folders.
    for (const key of keys) if (count > 0) await emulator.seed(count, key, options.folders === undefined ? {} : { folders: options.folders })
    // Four months of readers' numbers, as if FlipDrop had counted them (issue 32): charts and trends have something to show.
    for (const key of keys) await seedReadersHistory(join(scratch, 'app'), emulator, key)
    if (options.browser) {
      await inBrowser(emulator, join(scratch, 'app'), keys, options.hotFolder)
      return 0
    }
    const code = await inElectron(emulator, join(scratch, 'app'), keys, options.hotFolder)
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
