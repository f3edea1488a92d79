/**
 * Starts electron-vite, first fetching Electron's runtime when it is missing.
 *
 * Usage: `tsx scripts/launch-electron.ts <preview|dev> [extra electron-vite args…]`
 * (`npm start` and `npm run dev` call it).
 *
 * Why: since Electron 42 the electron package no longer downloads its runtime
 * in `postinstall`, and electron-vite 6 throws "Electron uninstall" when
 * `node_modules/electron/path.txt` is missing. So `npm ci` leaves a fresh clone
 * unable to start. Fetching here, on first start, keeps `npm ci` and the tests
 * free of that download (CI and offline machines cannot make it).
 *
 * The runtime is fetched with the `install-electron` bin of the electron
 * package, and electron-vite is started, both from PATH: npm scripts put
 * `node_modules/.bin` on it, and tests put stand-ins in front of it.
 *
 * Environment:
 * - `FLIPDROP_ELECTRON_DIR`: test hook. The electron package folder to inspect
 *   instead of the one Node resolves, so tests control whether the runtime
 *   looks present.
 * - `ELECTRON_EXEC_PATH`: electron-vite's own setting. When set, electron-vite
 *   runs that executable and never reads path.txt, so nothing is fetched.
 */
import { spawn as nodeSpawn, type ChildProcess, type SpawnOptions } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { constants } from 'node:os'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { sandboxAdvice } from './sandbox-check'

/** The electron-vite commands this script launches. */
export type LaunchMode = 'preview' | 'dev'

/** The part of `child_process.spawn` this script uses; tests may pass their own. */
export type SpawnFn = (command: string, args: readonly string[], options: SpawnOptions) => ChildProcess

/** How a child process ended. `error` is set when it could not be started at all. */
export interface ChildOutcome {
  code: number | null
  signal: NodeJS.Signals | null
  error?: Error
}

/** What {@link launchElectron} needs. */
export interface LaunchOptions {
  mode: LaunchMode
  /** Extra arguments passed on to electron-vite after the mode. */
  args: readonly string[]
  /** The electron package folder (holds package.json, path.txt and dist/). */
  electronDir: string
  /** Environment to consult; defaults to `process.env`. */
  env?: NodeJS.ProcessEnv
  /** Defaults to `child_process.spawn`. */
  spawn?: SpawnFn
  /** Lines to print when Chromium's sandbox cannot start here (see sandbox-check.ts); tests pass their own. */
  sandboxAdvice?: (electronDir: string) => string[]
}

/** The Node.js version the electron package and its downloader require (electron's `engines.node`). */
const NODE_NEEDED_TO_FETCH: readonly [number, number] = [22, 12]

/** Signals a terminal or supervisor sends to stop us; the child must hear them too. */
const FORWARDED_SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM']

const MODES: readonly LaunchMode[] = ['preview', 'dev']

/** The folder of the electron package Node resolves from this script, or the test override. */
export function electronDirectory(env: NodeJS.ProcessEnv = process.env): string {
  const override = env.FLIPDROP_ELECTRON_DIR
  if (override) return override
  return dirname(createRequire(import.meta.url).resolve('electron/package.json'))
}

/**
 * True when Electron's runtime is installed in `electronDir`: `path.txt` names an
 * executable under `dist/` that exists. This mirrors electron's index.js and
 * electron-vite's `getElectronPath` (both join `dist` with path.txt's raw text,
 * untrimmed), so "present" here means electron-vite will find it.
 */
export function electronRuntimePresent(electronDir: string): boolean {
  const pathFile = join(electronDir, 'path.txt')
  if (!existsSync(pathFile)) return false
  const executable = readFileSync(pathFile, 'utf8')
  // An empty path.txt would make electron-vite throw "Electron uninstall".
  return executable !== '' && existsSync(join(electronDir, 'dist', executable))
}

/** True when this Node.js version can run electron's downloader (22.12 or newer). */
export function nodeCanFetchElectron(nodeVersion: string = process.versions.node): boolean {
  const [major = 0, minor = 0] = nodeVersion.split('.').map(Number)
  const [neededMajor, neededMinor] = NODE_NEEDED_TO_FETCH
  return major > neededMajor || (major === neededMajor && minor >= neededMinor)
}

/** The major version of the electron package in `electronDir`, or undefined when unreadable. */
function electronMajor(electronDir: string): string | undefined {
  try {
    const pkg = JSON.parse(readFileSync(join(electronDir, 'package.json'), 'utf8')) as { version?: unknown }
    return typeof pkg.version === 'string' ? pkg.version.split('.')[0] : undefined
  } catch {
    return undefined
  }
}

/** Describes how a child ended, for messages: "exited with code 3", "was stopped by SIGTERM", … */
export function describeOutcome(command: string, outcome: ChildOutcome): string {
  if (outcome.error) return `${command} could not be started (${outcome.error.message})`
  if (outcome.signal) return `${command} was stopped by ${outcome.signal}`
  return `${command} exited with code ${String(outcome.code)}`
}

/**
 * The lines to print when the runtime could not be fetched. The Node.js hint is
 * added only on an old Node, the likeliest cause: we try anyway rather than gate
 * on the version, because the downloader, not us, knows what it really needs.
 */
export function fetchFailureMessage(
  outcome: ChildOutcome,
  electronDir: string,
  nodeVersion: string = process.versions.node
): string[] {
  const lines = [`${describeOutcome('install-electron', outcome)}: Electron's runtime could not be fetched.`]
  if (!nodeCanFetchElectron(nodeVersion)) {
    const electron = `Electron ${electronMajor(electronDir) ?? ''}`.trimEnd()
    lines.push(
      `${electron} needs Node.js ${NODE_NEEDED_TO_FETCH.join('.')} or newer to download its runtime and to package; ` +
        `this is Node ${nodeVersion}. The tests run on Node 20.19+.`
    )
  }
  return lines
}

/** The exit code a shell would report for `outcome`: the child's own code, or 128 + signal number. */
export function exitCodeOf(outcome: ChildOutcome): number {
  if (outcome.code !== null) return outcome.code
  if (outcome.signal) return 128 + (constants.signals[outcome.signal] ?? 0)
  return 1
}

/** Passes SIGINT/SIGTERM sent to us on to `child`; returns the function that stops doing so. */
function forwardSignals(child: ChildProcess): () => void {
  const forward = (signal: NodeJS.Signals): void => {
    child.kill(signal)
  }
  for (const signal of FORWARDED_SIGNALS) process.on(signal, forward)
  return () => {
    for (const signal of FORWARDED_SIGNALS) process.off(signal, forward)
  }
}

/**
 * Runs `command` from PATH with our stdio and waits for it to end. Signals sent
 * to us are forwarded so a supervisor's SIGTERM does not orphan the child.
 */
export function runCommand(command: string, args: readonly string[], spawn: SpawnFn = nodeSpawn): Promise<ChildOutcome> {
  // npm's bins are .cmd shims on Windows, which only a shell can start.
  const child = spawn(command, args, { stdio: 'inherit', shell: process.platform === 'win32' })
  const stopForwarding = forwardSignals(child)
  return new Promise((resolve) => {
    const finish = (outcome: ChildOutcome): void => {
      stopForwarding()
      resolve(outcome)
    }
    child.once('error', (error) => finish({ code: null, signal: null, error }))
    child.once('exit', (code, signal) => finish({ code, signal }))
  })
}

/**
 * Makes sure Electron's runtime is installed, fetching it with `install-electron`
 * when missing. Returns false (after explaining on stderr) when it still is not.
 */
export async function ensureElectronRuntime(electronDir: string, spawn: SpawnFn = nodeSpawn): Promise<boolean> {
  if (electronRuntimePresent(electronDir)) return true
  console.error("Fetching Electron's runtime (first start only)…")
  const outcome = await runCommand('install-electron', [], spawn)
  if (outcome.error || outcome.code !== 0) {
    for (const line of fetchFailureMessage(outcome, electronDir)) console.error(line)
    return false
  }
  // A downloader that "succeeds" without writing path.txt would only move the failure into electron-vite.
  if (electronRuntimePresent(electronDir)) return true
  console.error(`install-electron finished, but Electron's runtime is still missing in ${electronDir}.`)
  return false
}

/**
 * Fetches Electron's runtime if needed, then runs `electron-vite <mode> …args`.
 * Resolves with the exit code to leave with: electron-vite's own, or 1 when
 * the runtime could not be fetched or electron-vite could not be started.
 */
export async function launchElectron(options: LaunchOptions): Promise<number> {
  const { mode, args, electronDir, env = process.env, spawn = nodeSpawn } = options
  const runtimeGiven = Boolean(env.ELECTRON_EXEC_PATH)
  if (!runtimeGiven && !(await ensureElectronRuntime(electronDir, spawn))) return 1
  // Said before Electron's own abort, which names no fix; we still launch (a profile we could
  // not read may allow it), and never with the sandbox off.
  if (!runtimeGiven) for (const line of (options.sandboxAdvice ?? sandboxAdvice)(electronDir)) console.error(line)
  const outcome = await runCommand('electron-vite', [mode, ...args], spawn)
  if (outcome.error) console.error(describeOutcome('electron-vite', outcome))
  return exitCodeOf(outcome)
}

/** Reads `<mode> [args…]` from the command line; undefined when the mode is not one we launch. */
export function parseLaunchArgs(argv: readonly string[]): { mode: LaunchMode; args: string[] } | undefined {
  const [mode, ...args] = argv
  const known = MODES.find((m) => m === mode)
  return known ? { mode: known, args } : undefined
}

async function main(): Promise<void> {
  const parsed = parseLaunchArgs(process.argv.slice(2))
  if (!parsed) {
    console.error('Usage: tsx scripts/launch-electron.ts <preview|dev> [extra electron-vite args…]')
    process.exit(2)
  }
  process.exit(await launchElectron({ ...parsed, electronDir: electronDirectory() }))
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main()
