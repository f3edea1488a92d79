import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect } from 'vitest'
import type { RunningEmulator } from '../emulator'
import { runCli, type CliRun } from '../support/cli-runner'

/** The zone the command runs in: far from the emulator's +05:30, so local dates are really converted. */
export const CLI_TIME_ZONE = 'Asia/Tokyo'

/** An ISO date (YYYY-MM-DD) of an instant in {@link CLI_TIME_ZONE}, as the command prints it. */
export function dateInCliZone(ms: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: CLI_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms)
}

/** How a run is made: a child process (test/support/cli-runner.ts) or this process (./in-process-cli.ts). */
export type CliRunner = typeof runCli

/**
 * Runs the command against one emulator as a fresh user: the key in the environment, a new
 * data folder per run. Every run is checked never to print the key, on stdout or stderr.
 * `runner` is a child process unless the file says otherwise (runCliInProcess for output,
 * flags and exit codes; a child for signals, pipes, terminals and start-up).
 */
export function cliKit(emulator: () => RunningEmulator, key: string, runner: CliRunner = runCli) {
  async function env(extra: Record<string, string> = {}): Promise<Record<string, string>> {
    return {
      FLIPDROP_API_KEY: key,
      FLIPDROP_BASE_URL: emulator().baseUrl,
      FLIPDROP_DOCUMENT_URL: emulator().documentUrl,
      FLIPDROP_DATA_DIR: await mkdtemp(join(tmpdir(), 'flipdrop-cli-data-')),
      TZ: CLI_TIME_ZONE,
      ...extra
    }
  }

  /** `flipdrop <args>`; `extra` adds or (with '') blanks variables, `without` drops them. */
  async function cli(args: readonly string[], options: { extra?: Record<string, string>; without?: string[] } = {}): Promise<CliRun> {
    const without = new Set(options.without ?? [])
    const vars = Object.fromEntries(Object.entries(await env(options.extra)).filter(([name]) => !without.has(name)))
    const run = await runner(args, vars)
    expect(run.stdout, 'the key leaked on stdout').not.toContain(key)
    expect(run.stderr, 'the key leaked on stderr').not.toContain(key)
    return run
  }

  return { env, cli }
}

/** stdout of a --json run: exactly one JSON document on one line, nothing else. */
export function jsonOf<T = unknown>(run: CliRun): T {
  expect(run.stdout.endsWith('\n'), 'stdout ends with one newline').toBe(true)
  expect(run.stdout.trimEnd().split('\n'), 'one line on stdout').toHaveLength(1)
  return JSON.parse(run.stdout) as T
}

type Results<T extends readonly (() => Promise<unknown>)[]> = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }

/**
 * Runs independent cases a few at a time (each run is a Node process, and the machine may
 * have two cores); the results come back in the order of the tasks, typed one by one.
 */
export async function inGroups<const T extends readonly (() => Promise<unknown>)[]>(tasks: T, size = 3): Promise<Results<T>> {
  const results: unknown[] = []
  for (let start = 0; start < tasks.length; start += size) {
    results.push(...(await Promise.all(tasks.slice(start, start + size).map((task) => task()))))
  }
  return results as Results<T>
}

/** The service's own answer, read directly (to compare the command's output with). */
export async function serviceGet<T = Record<string, unknown>>(baseUrl: string, key: string, path: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, { headers: { 'X-Api-Key': key } })
  return (await response.json()) as T
}

/** Sets record fields through the emulator's admin API. */
export async function patchItem(baseUrl: string, id: number, fields: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${baseUrl}/__emulator/items/${id}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(fields)
  })
  expect(response.status).toBe(200)
}
