import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from '../emulator'
import { makePdf } from '../emulator/fixtures/make-pdf'
import type { CliRun } from '../support/cli-runner'
import { runCliInProcess as runCli } from './in-process-cli'

/*
 * The command with one data folder and two accounts' keys (in this process, against the
 * emulator): a job belongs to the account it was queued for, and `queue --wait` with another
 * account's key sends nothing for it and says for whom it waits (exit 1), never hangs.
 */

const DANA_KEY = 'fd-cli-accounts-dana'
const RAVI_KEY = 'fd-cli-accounts-ravi'
let emulator: RunningEmulator
let files: string

beforeAll(async () => {
  emulator = await startEmulator({ keys: [DANA_KEY, RAVI_KEY], log: () => {} })
  files = await mkdtemp(join(tmpdir(), 'flipdrop-cli-accounts-'))
})
afterAll(() => emulator.close())

async function pdf(name: string, pages = 1): Promise<string> {
  const path = join(files, name)
  await writeFile(path, await makePdf(pages, name))
  return path
}

function checked(run: CliRun): CliRun {
  for (const key of [DANA_KEY, RAVI_KEY]) {
    expect(run.stdout).not.toContain(key)
    expect(run.stderr).not.toContain(key)
  }
  return run
}

describe('one data folder, two accounts', () => {
  it('queue --wait with another account’s key sends nothing for a job and exits 1 naming the account; its own key publishes it', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'flipdrop-cli-accounts-data-'))
    const vars = (key: string) => ({ FLIPDROP_API_KEY: key, FLIPDROP_BASE_URL: emulator.baseUrl, FLIPDROP_DATA_DIR: dataDir })
    const queued = checked(await runCli(['upload', await pdf('proof for dana.pdf', 2), '--queue'], vars(DANA_KEY)))
    expect(queued.code).toBe(0)

    const other = checked(await runCli(['queue', '--wait', '--json'], vars(RAVI_KEY)))
    expect(other.code).toBe(1)
    const reported = JSON.parse(other.stdout) as { jobs: { source: string; state: string; message: string }[] }
    expect(reported.jobs).toEqual([
      expect.objectContaining({ source: 'proof for dana.pdf', state: 'waiting', message: expect.stringContaining('Dana Whitfield (dana@northwind-press.example)') })
    ])
    expect(emulator.state.itemsOf(RAVI_KEY)).toEqual([])
    expect(emulator.state.itemsOf(DANA_KEY)).toEqual([])

    const own = checked(await runCli(['queue', '--wait', '--json'], vars(DANA_KEY)))
    expect(own.code).toBe(0)
    expect(JSON.parse(own.stdout)).toMatchObject({ jobs: [{ source: 'proof for dana.pdf', state: 'done' }] })
    expect(emulator.state.itemsOf(DANA_KEY).map((item) => item.name)).toEqual(['proof for dana'])
    expect(emulator.state.itemsOf(RAVI_KEY)).toEqual([])
  })

  it('in text, the waiting line names the account it waits for', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'flipdrop-cli-accounts-text-'))
    const vars = (key: string) => ({ FLIPDROP_API_KEY: key, FLIPDROP_BASE_URL: emulator.baseUrl, FLIPDROP_DATA_DIR: dataDir })
    expect(checked(await runCli(['upload', await pdf('for ravi.pdf'), '--queue'], vars(RAVI_KEY))).code).toBe(0)
    const run = checked(await runCli(['queue', '--wait'], vars(DANA_KEY)))
    expect(run.code).toBe(1)
    expect(run.stdout).toMatch(/^waiting\s+[0-9a-f]{8}\s+for ravi\.pdf\s+Waiting for Ravi Menon \(ravi@kitestudio\.example\) to sign in/m)
    expect(emulator.state.itemsOf(DANA_KEY).filter((item) => item.name === 'for ravi')).toEqual([])
  })
})
