import { spawn, type ChildProcess } from 'node:child_process'
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  electronRuntimePresent,
  exitCodeOf,
  fetchFailureMessage,
  nodeCanFetchElectron,
  parseLaunchArgs
} from '../../scripts/launch-electron'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const SCRIPT = ['--import', 'tsx', 'scripts/launch-electron.ts']
const FETCHING = "Fetching Electron's runtime (first start only)…"
const NODE_SENTENCE =
  'Electron 45 needs Node.js 22.12 or newer to download its runtime and to package; ' +
  `this is Node ${process.versions.node}. The tests run on Node 20.19+.`

/** Appends the stand-in's name and arguments to $LAUNCH_LOG, one call a line. */
const LOG_CALL = (name: string): string => `printf '%s\\n' "${name} $*" >> "$LAUNCH_LOG"`

/** A stand-in install-electron that installs a fake runtime into $FLIPDROP_ELECTRON_DIR, like the real one. */
const INSTALLS = [
  LOG_CALL('install-electron'),
  'mkdir -p "$FLIPDROP_ELECTRON_DIR/dist"',
  'printf electron > "$FLIPDROP_ELECTRON_DIR/path.txt"',
  ': > "$FLIPDROP_ELECTRON_DIR/dist/electron"'
].join('\n')

interface Run {
  code: number | null
  stderr: string
}

let temp: string
let bin: string
let electronDir: string
let logFile: string

/** Writes an executable sh script named `name` into the stand-in bin folder. */
async function standIn(name: string, body: string): Promise<void> {
  const file = join(bin, name)
  await writeFile(file, `#!/bin/sh\n${body}\n`)
  await chmod(file, 0o755)
}

/** Makes the temp electron folder look like an installed runtime (what install.js leaves behind). */
async function installFakeRuntime(): Promise<void> {
  await mkdir(join(electronDir, 'dist'), { recursive: true })
  await writeFile(join(electronDir, 'path.txt'), 'electron')
  await writeFile(join(electronDir, 'dist', 'electron'), '')
}

/** The stand-in calls so far, in order, e.g. ["install-electron", "electron-vite preview"]. */
async function calls(): Promise<string[]> {
  const text = await readFile(logFile, 'utf8').catch(() => '')
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
}

/** Starts the script with the stand-ins first on PATH and the temp folder as the electron package. */
function start(args: string[], extraEnv: NodeJS.ProcessEnv = {}): ChildProcess {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PATH: `${bin}${delimiter}${process.env.PATH ?? ''}`,
    FLIPDROP_ELECTRON_DIR: electronDir,
    LAUNCH_LOG: logFile,
    ...extraEnv
  }
  // A developer's own electron-vite setting would skip the fetch under test.
  if (!('ELECTRON_EXEC_PATH' in extraEnv)) delete env.ELECTRON_EXEC_PATH
  return spawn(process.execPath, [...SCRIPT, ...args], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] })
}

/** Waits for the script to end and collects its stderr. */
function finished(child: ChildProcess): Promise<Run> {
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stderr })))
}

function run(args: string[], extraEnv: NodeJS.ProcessEnv = {}): Promise<Run> {
  return finished(start(args, extraEnv))
}

/** Polls the log until `line` appears, so a signal is sent only once the stand-in listens. */
async function waitForCall(line: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if ((await calls()).includes(line)) return
    await sleep(50)
  }
  throw new Error(`no call "${line}" logged; calls: ${JSON.stringify(await calls())}`)
}

beforeEach(async () => {
  temp = await mkdtemp(join(tmpdir(), 'flipdrop-launch-'))
  bin = join(temp, 'bin')
  electronDir = join(temp, 'electron')
  logFile = join(temp, 'calls.log')
  await mkdir(bin)
  await mkdir(electronDir)
  await writeFile(join(electronDir, 'package.json'), JSON.stringify({ name: 'electron', version: '45.4.1' }))
  await standIn('electron-vite', LOG_CALL('electron-vite'))
})

afterEach(async () => {
  await rm(temp, { recursive: true, force: true })
})

// The stand-ins are sh scripts, and signals work differently on Windows.
describe.skipIf(process.platform === 'win32')('scripts/launch-electron.ts (run as npm start / npm run dev do)', () => {
  it('fetches a missing runtime with install-electron before starting electron-vite', async () => {
    await standIn('install-electron', INSTALLS)

    const result = await run(['preview', '--logLevel', 'warn'])

    expect(result.code).toBe(0)
    expect(await calls()).toEqual(['install-electron', 'electron-vite preview --logLevel warn'])
    expect(result.stderr).toContain(FETCHING)
  })

  it('starts electron-vite at once when the runtime is present', async () => {
    await standIn('install-electron', `${LOG_CALL('install-electron')}\nexit 0`)
    await installFakeRuntime()

    const result = await run(['dev'])

    expect(result.code).toBe(0)
    expect(await calls()).toEqual(['electron-vite dev'])
    expect(result.stderr).not.toContain(FETCHING)
  })

  it('fetches when path.txt names an executable that is not in dist/', async () => {
    await standIn('install-electron', INSTALLS)
    await writeFile(join(electronDir, 'path.txt'), 'electron')

    const result = await run(['preview'])

    expect(result.code).toBe(0)
    expect(await calls()).toEqual(['install-electron', 'electron-vite preview'])
  })

  it('exits 1 without starting electron-vite when install-electron fails, and says why', async () => {
    await standIn('install-electron', `${LOG_CALL('install-electron')}\nexit 3`)

    const result = await run(['preview'])

    expect(result.code).toBe(1)
    expect(await calls()).toEqual(['install-electron'])
    expect(result.stderr).toContain('install-electron exited with code 3')
    // The hint belongs only on a Node too old for the downloader; the tests run on Node 20.
    if (nodeCanFetchElectron()) expect(result.stderr).not.toContain('needs Node.js')
    else expect(result.stderr).toContain(NODE_SENTENCE)
  })

  it('exits 1 when install-electron succeeds but leaves no runtime behind', async () => {
    await standIn('install-electron', `${LOG_CALL('install-electron')}\nexit 0`)

    const result = await run(['preview'])

    expect(result.code).toBe(1)
    expect(await calls()).toEqual(['install-electron'])
    expect(result.stderr).toContain("Electron's runtime is still missing")
  })

  it("passes electron-vite's exit code through", async () => {
    await installFakeRuntime()
    await standIn('electron-vite', `${LOG_CALL('electron-vite')}\nexit 7`)

    const result = await run(['preview'])

    expect(result.code).toBe(7)
    expect(await calls()).toEqual(['electron-vite preview'])
  })

  it('forwards SIGTERM to electron-vite and exits with its code', async () => {
    await installFakeRuntime()
    await standIn(
      'electron-vite',
      [
        // A function, because LOG_CALL's own quotes cannot nest inside trap's.
        `on_term() {\n  ${LOG_CALL('got-TERM')}\n  exit 143\n}`,
        'trap on_term TERM',
        LOG_CALL('electron-vite'),
        'while :; do sleep 0.1; done'
      ].join('\n')
    )
    const child = start(['dev'])
    const done = finished(child)

    await waitForCall('electron-vite dev')
    child.kill('SIGTERM')
    const result = await done

    expect(await calls()).toEqual(['electron-vite dev', 'got-TERM'])
    expect(result.code).toBe(143)
  })

  it("fetches nothing when ELECTRON_EXEC_PATH is set, since electron-vite then ignores path.txt", async () => {
    await standIn('install-electron', `${LOG_CALL('install-electron')}\nexit 3`)

    const result = await run(['preview'], { ELECTRON_EXEC_PATH: join(temp, 'my-electron') })

    expect(result.code).toBe(0)
    expect(await calls()).toEqual(['electron-vite preview'])
  })

  it('rejects an unknown mode with usage and exit code 2', async () => {
    const result = await run(['build'])

    expect(result.code).toBe(2)
    expect(await calls()).toEqual([])
    expect(result.stderr).toContain('Usage:')
  })
})

describe('launch-electron helpers', () => {
  it('sees the runtime only when path.txt is non-empty and names a file under dist/', async () => {
    expect(electronRuntimePresent(electronDir)).toBe(false)
    await writeFile(join(electronDir, 'path.txt'), '')
    expect(electronRuntimePresent(electronDir)).toBe(false)
    await installFakeRuntime()
    expect(electronRuntimePresent(electronDir)).toBe(true)
  })

  it.each([
    ['20.19.0', false],
    ['22.11.9', false],
    ['22.12.0', true],
    ['23.0.0', true],
    ['24.1.0', true]
  ])('Node %s can fetch Electron: %s', (version, expected) => {
    expect(nodeCanFetchElectron(version)).toBe(expected)
  })

  it('names the signal when install-electron was stopped, and adds the Node hint on old Node only', () => {
    const stopped = fetchFailureMessage({ code: null, signal: 'SIGINT' }, electronDir, '24.1.0')
    expect(stopped).toEqual(["install-electron was stopped by SIGINT: Electron's runtime could not be fetched."])
    const old = fetchFailureMessage({ code: 1, signal: null }, electronDir, '20.19.0')
    expect(old[1]).toContain('Electron 45 needs Node.js 22.12 or newer')
    expect(old[1]).toContain('this is Node 20.19.0')
  })

  it('reports a signal death as 128 + the signal number', () => {
    expect(exitCodeOf({ code: 7, signal: null })).toBe(7)
    expect(exitCodeOf({ code: null, signal: 'SIGTERM' })).toBe(143)
  })

  it('accepts preview and dev only, keeping extra arguments', () => {
    expect(parseLaunchArgs(['dev', '--watch'])).toEqual({ mode: 'dev', args: ['--watch'] })
    expect(parseLaunchArgs(['build'])).toBeUndefined()
    expect(parseLaunchArgs([])).toBeUndefined()
  })
})
