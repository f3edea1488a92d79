import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { spawnEmulator } from './emulator-process'

const exec = promisify(execFile)
const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const KEY = 'bench-startup-key'

/** Seconds one run of `node <args>` takes, start to exit (a fresh process each time). */
async function once(args: readonly string[], env: Record<string, string>): Promise<number> {
  const started = process.hrtime.bigint()
  await exec(process.execPath, [...args], { env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent', ...env } })
  return Number(process.hrtime.bigint() - started) / 1e9
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

/** What the built command's start-up costs, each the median of `rounds`, taken in turns with bare Node. */
export interface StartupTimes {
  nodeS: number
  helpS: number
  versionS: number
  whoamiS: number
}

/**
 * `flipdrop --help`, `--version` and `whoami` (against a local emulator) on the built command
 * (bin/flipdrop.js → out/main/cli.js), and bare `node -e 0`, measured in turns in the same run
 * so a busy machine slows all of them alike.
 */
export async function commandStartup(rounds = 11): Promise<StartupTimes> {
  const emulator = await spawnEmulator(['--port', '0', '--document-port', '0', '--key', KEY])
  const data = await mkdtemp(join(tmpdir(), 'flipdrop-bench-startup-'))
  const bin = join(ROOT, 'bin/flipdrop.js')
  const env = { FLIPDROP_API_KEY: KEY, FLIPDROP_BASE_URL: emulator.baseUrl, FLIPDROP_DATA_DIR: data }
  const times = { node: [] as number[], help: [] as number[], version: [] as number[], whoami: [] as number[] }
  try {
    // One warm-up of each: the first run reads the files from disk.
    for (let round = -1; round < rounds; round++) {
      const node = await once(['-e', '0'], {})
      const help = await once([bin, '--help'], env)
      const version = await once([bin, '--version'], env)
      const whoami = await once([bin, 'whoami'], env)
      if (round < 0) continue
      times.node.push(node)
      times.help.push(help)
      times.version.push(version)
      times.whoami.push(whoami)
    }
  } finally {
    await emulator.stop()
    await rm(data, { recursive: true, force: true })
  }
  return { nodeS: median(times.node), helpS: median(times.help), versionS: median(times.version), whoamiS: median(times.whoami) }
}
