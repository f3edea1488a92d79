import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from '../emulator'
import { makePdf } from '../emulator/fixtures/make-pdf'
import { runCli, type CliRun } from '../support/cli-runner'

/*
 * A key from the environment is nobody's until the service says whose it is (child processes
 * against the emulator): with another account's key in FLIPDROP_API_KEY and the service out of
 * reach, nothing is queued for the account the data folder knows; a key the service confirmed
 * before is known as its own account's offline too.
 */

const DANA_KEY = 'fd-cli-envkey-dana'
const RAVI_KEY = 'fd-cli-envkey-ravi'
const UNREACHABLE = 'http://127.0.0.1:9'
let emulator: RunningEmulator
let files: string

beforeAll(async () => {
  emulator = await startEmulator({ keys: [DANA_KEY, RAVI_KEY], log: () => {} })
  files = await mkdtemp(join(tmpdir(), 'flipdrop-cli-envkey-'))
})
afterAll(() => emulator.close())

async function pdf(name: string): Promise<string> {
  const path = join(files, name)
  await writeFile(path, await makePdf(1, name))
  return path
}

function checked(run: CliRun): CliRun {
  for (const key of [DANA_KEY, RAVI_KEY]) {
    expect(run.stdout).not.toContain(key)
    expect(run.stderr).not.toContain(key)
  }
  return run
}

const names = (key: string): string[] => emulator.state.itemsOf(key).map((item) => item.name)

describe('FLIPDROP_API_KEY with the service out of reach', () => {
  it('another account’s key queues nothing for the account the data folder knows (exit 4); that account’s own run publishes nothing of it', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'flipdrop-cli-envkey-data-'))
    const vars = (key: string, baseUrl = emulator.baseUrl) => ({ FLIPDROP_API_KEY: key, FLIPDROP_BASE_URL: baseUrl, FLIPDROP_DATA_DIR: dataDir })
    // The data folder knows Dana: she published from it, online.
    expect(checked(await runCli(['upload', await pdf('dana first.pdf'), '--wait'], vars(DANA_KEY))).code).toBe(0)

    // Ravi's key, offline: whose it is cannot be asked, so nothing is queued, and the reason is said.
    const refused = checked(await runCli(['upload', await pdf('ravi offline.pdf'), '--queue'], vars(RAVI_KEY, UNREACHABLE)))
    expect(refused.code).toBe(4)
    expect(refused.stderr).toContain('cannot check which account your API key belongs to')
    expect(refused.stderr).toContain('Nothing was queued')

    // Dana's own run, online: there is nothing of Ravi's to publish into her account.
    const own = checked(await runCli(['queue', '--wait', '--json'], vars(DANA_KEY)))
    expect(own.code).toBe(0)
    expect(JSON.stringify(JSON.parse(own.stdout))).not.toContain('ravi offline')
    expect(names(DANA_KEY)).toEqual(['dana first'])
    expect(names(RAVI_KEY)).toEqual([])
  }, 120_000)

  it('a key the service confirmed before queues for its own account offline, and publishes there once the service is back', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'flipdrop-cli-envkey-met-'))
    const vars = (key: string, baseUrl = emulator.baseUrl) => ({ FLIPDROP_API_KEY: key, FLIPDROP_BASE_URL: baseUrl, FLIPDROP_DATA_DIR: dataDir })
    expect(checked(await runCli(['upload', await pdf('dana met.pdf'), '--wait'], vars(DANA_KEY))).code).toBe(0)
    expect(checked(await runCli(['upload', await pdf('ravi met.pdf'), '--wait'], vars(RAVI_KEY))).code).toBe(0)
    // Dana is the account the app showed last; Ravi's key, offline, is still known as Ravi's.
    expect(checked(await runCli(['upload', await pdf('dana again.pdf'), '--wait'], vars(DANA_KEY))).code).toBe(0)
    const queued = checked(await runCli(['upload', await pdf('ravi later.pdf'), '--queue'], vars(RAVI_KEY, UNREACHABLE)))
    expect(queued.code).toBe(0)

    // Dana's run does not touch it; Ravi's publishes it into Ravi's account.
    expect(checked(await runCli(['queue', '--wait'], vars(DANA_KEY))).code).toBe(1)
    expect(checked(await runCli(['queue', '--wait'], vars(RAVI_KEY))).code).toBe(0)
    expect(names(RAVI_KEY).sort()).toEqual(['ravi later', 'ravi met'])
    expect(names(DANA_KEY)).not.toContain('ravi later')
  }, 120_000)
})
