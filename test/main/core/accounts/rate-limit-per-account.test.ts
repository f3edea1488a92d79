import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { QueueChange } from '../../../../src-shared/domain/queue'
import { startEmulator, type RunningEmulator } from '../../../emulator'
import { createApiClient, type ApiClientOptions } from '../../../../src-main/core/api/api-client'
import { jobNamed, waitForQueue, writePdf } from '../../../support/queue-fixture'
import { createTestCore } from '../../../support/test-core'

/*
 * One account's 429 pauses only that account: the service's rate window is per key, and so
 * is FlipDrop's wait. Two accounts against the emulator; one of them spends its whole window
 * (a script of the designer's, say) and is answered 429; the other keeps publishing.
 */

const DANA_KEY = 'fd-rate-per-account-dana'
const RAVI_KEY = 'fd-rate-per-account-ravi'
const LIMIT = 40
const WINDOW_MS = 60_000
/** How far the service's clock is ahead of this one. */
let skewMs = 0

let emulator: RunningEmulator
let files: string

beforeAll(async () => {
  // A long window: the account answered 429 stays held for the whole test.
  emulator = await startEmulator({ keys: [DANA_KEY, RAVI_KEY], rateLimit: { limit: LIMIT, windowSeconds: WINDOW_MS / 1000 }, now: () => Date.now() + skewMs, log: () => {} })
  files = await mkdtemp(join(tmpdir(), 'flipdrop-rate-per-account-'))
})
afterAll(() => emulator.close())

/** Each key's own limiter, as in the app; patient answers, so a loaded machine is no duplicate's excuse. */
const client = (options: ApiClientOptions) => createApiClient({ ...options, retryBaseMs: 20 })

const idOf = (key: string): string => emulator.state.accounts.get(key)?.userId ?? ''

/** Spends the key's whole window with requests of its own (not FlipDrop's), at the start of a fresh window. */
async function spendWindow(key: string): Promise<void> {
  // The service's clock steps to the start of its next window: the whole minute is left.
  skewMs += WINDOW_MS - ((Date.now() + skewMs) % WINDOW_MS)
  for (let sent = 0; sent <= LIMIT + 1; sent++) {
    const answer = await fetch(`${emulator.baseUrl}/api/whoami`, { headers: { 'X-Api-Key': key } })
    await answer.arrayBuffer()
    if (answer.status === 429) return
  }
  throw new Error('the window was never spent')
}

describe('one account’s 429', () => {
  it('holds only that account’s jobs: the other account publishes without waiting', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'flipdrop-rate-per-account-data-'))
    await writeFile(join(dir, 'settings.json'), JSON.stringify({ baseUrl: emulator.baseUrl }))
    const test = await createTestCore({ userDataDir: dir, createClient: client, backgroundSync: false })
    const { core } = test
    try {
      await core.auth.signIn({ apiKey: DANA_KEY, sessionOnly: true })
      await core.auth.signIn({ apiKey: RAVI_KEY, sessionOnly: true })
      await spendWindow(RAVI_KEY)

      await core.uploads.enqueuePaths({ paths: [await writePdf(files, 'ravi slowed.pdf')], docType: 'Flipbook', onSameContent: 'ask', accountId: idOf(RAVI_KEY) })
      const held = await waitForQueue(core, (view) => jobNamed(view, 'ravi slowed')?.waiting?.reason === 'rate-limited')
      expect(jobNamed(held, 'ravi slowed')?.waiting?.message).toContain('The service asked FlipDrop to slow down')

      await core.uploads.enqueuePaths({ paths: [await writePdf(files, 'dana goes on.pdf')], docType: 'Flipbook', onSameContent: 'ask', accountId: idOf(DANA_KEY) })
      const done = await waitForQueue(core, (view) => jobNamed(view, 'dana goes on')?.state === 'done', 45_000)
      // Dana's job never waited for Ravi's window.
      const danaJob = jobNamed(done, 'dana goes on')?.id
      const danaWaits = test.events
        .filter((event) => event.channel === 'uploads:changed')
        .flatMap((event) => (event.payload as QueueChange).jobs)
        .filter((job) => job.id === danaJob && job.waiting?.reason === 'rate-limited')
      expect(danaWaits).toEqual([])
      expect(emulator.state.itemsOf(DANA_KEY).map((item) => item.name)).toEqual(['dana goes on'])
      expect(emulator.state.itemsOf(RAVI_KEY)).toEqual([])
      // Dana's requests were never refused: only Ravi's window was spent.
      expect(emulator.state.requests.filter((entry) => entry.account === idOf(DANA_KEY) && entry.status === 429)).toEqual([])
    } finally {
      await test.booted.close()
    }
  }, 60_000)
})
