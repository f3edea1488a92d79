import { mkdtemp, readdir, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from '../emulator'
import { runCliInProcess as runCli } from './in-process-cli'

const KEY = 'fd-cli-broken-settings-key-1'
let emulator: RunningEmulator

beforeAll(async () => {
  emulator = await startEmulator({ keys: [KEY], log: () => {} })
})
afterAll(() => emulator.close())

describe('a broken settings.json', () => {
  it('is said once on stderr and kept aside, never silently replaced by the defaults', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'flipdrop-cli-settings-'))
    await writeFile(join(dataDir, 'settings.json'), '{ "uploadConcurrency": 4,')
    const env = { FLIPDROP_API_KEY: KEY, FLIPDROP_BASE_URL: emulator.baseUrl, FLIPDROP_DATA_DIR: dataDir }
    const first = await runCli(['queue', '--json'], env)
    expect(first.code, first.stderr).toBe(0)
    const said = first.stderr.split('\n').filter((line) => line.includes('settings file is unreadable'))
    expect(said, first.stderr).toHaveLength(1)
    expect(said[0]).toMatch(/uses the default settings .* kept as settings\.broken-[\w-]+\.json/)
    expect((await readdir(dataDir)).filter((name) => name.startsWith('settings.broken-'))).toHaveLength(1)
    // Said once: the next run has nothing to say about it.
    const second = await runCli(['queue', '--json'], env)
    expect(second.code).toBe(0)
    expect(second.stderr).not.toContain('settings file')
  }, 60_000)
})
