import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openQueueStore } from '../../src-main/core/queue/queue-store'
import { startEmulator, type RunningEmulator } from '../emulator'
import { makePdf } from '../emulator/fixtures/make-pdf'
import { runCliInProcess as runCli } from './in-process-cli'
import { fastClient } from '../support/queue-fixture'
import { createTestCore } from '../support/test-core'

/*
 * A job queued before FlipDrop kept accounts apart, in a data folder that names no account
 * for that time: the command publishes it nowhere and says so (the window asks whose it is).
 */

const DANA_KEY = 'fd-cli-legacy-dana'
let emulator: RunningEmulator
let files: string

beforeAll(async () => {
  emulator = await startEmulator({ keys: [DANA_KEY], log: () => {} })
  files = await mkdtemp(join(tmpdir(), 'flipdrop-cli-legacy-'))
})
afterAll(() => emulator.close())

const UNBOUND = 'Added before FlipDrop kept accounts apart: publish to which account?'

describe('a job of the single-account time that names no account', () => {
  it('is listed as waiting for the question, and queue --wait publishes it nowhere (exit 1)', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'flipdrop-cli-legacy-data-'))
    await writeFile(join(dataDir, 'settings.json'), JSON.stringify({ baseUrl: emulator.baseUrl }))
    const path = join(files, 'old brochure.pdf')
    await writeFile(path, await makePdf(1, 'old brochure'))
    const first = await createTestCore({ userDataDir: dataDir, createClient: fastClient })
    await first.core.auth.signIn({ apiKey: DANA_KEY, sessionOnly: true })
    await first.core.uploads.pause()
    await first.core.uploads.enqueuePaths({ paths: [path], docType: 'Flipbook', onSameContent: 'ask' })
    await first.booted.close()
    const { store } = await openQueueStore(join(dataDir, 'queue'))
    await store.put(store.jobs().map((job) => ({ ...job, accountId: null, state: 'queued' as const })))
    await store.setPaused(false)
    await store.close()
    await rm(join(dataDir, 'accounts.json'), { force: true })
    const vars = { FLIPDROP_API_KEY: DANA_KEY, FLIPDROP_BASE_URL: emulator.baseUrl, FLIPDROP_DATA_DIR: dataDir }

    const wait = await runCli(['queue', '--wait', '--json'], vars)
    expect(wait.code).toBe(1)
    const reported = JSON.parse(wait.stdout) as { jobs: { source: string; state: string; code: string; message: string }[] }
    expect(reported.jobs).toEqual([
      expect.objectContaining({ source: 'old brochure.pdf', state: 'waiting', code: 'unbound', message: expect.stringContaining(UNBOUND) })
    ])
    expect(emulator.state.itemsOf(DANA_KEY)).toEqual([])

    const listed = await runCli(['queue'], vars)
    expect(listed.code).toBe(0)
    expect(listed.stdout).toContain(UNBOUND)
  }, 90_000)
})
