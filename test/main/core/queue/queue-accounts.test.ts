import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Core } from '../../../../src-main/core/core'
import { startEmulator, type RunningEmulator } from '../../../emulator'
import { createRequests, fastClient, jobNamed, waitForQueue, writePdf } from '../../../support/queue-fixture'
import { createTestCore } from '../../../support/test-core'

/*
 * A job belongs to the account it was made for: it runs only with that account's key,
 * confirmed by whoami, and otherwise waits and says for whom. Two keys of the emulator are
 * two accounts (Dana Whitfield and Ravi Menon).
 */

const DANA_KEY = 'fd-accounts-test-dana'
const RAVI_KEY = 'fd-accounts-test-ravi'
const DANA = 'Dana Whitfield (dana@northwind-press.example)'

let emulator: RunningEmulator
let files: string
const closers: (() => Promise<void>)[] = []

beforeAll(async () => {
  emulator = await startEmulator({ keys: [DANA_KEY, RAVI_KEY], log: () => {} })
  files = await mkdtemp(join(tmpdir(), 'flipdrop-accounts-files-'))
})
afterAll(async () => {
  for (const close of closers.reverse()) await close()
  await emulator.close()
})

/** A core that signs in like the app does (session keys, no environment key). */
async function signedIn(apiKey: string): Promise<Core> {
  const dir = await mkdtemp(join(tmpdir(), 'flipdrop-accounts-'))
  await writeFile(join(dir, 'settings.json'), JSON.stringify({ baseUrl: emulator.baseUrl }))
  const test = await createTestCore({ userDataDir: dir, createClient: fastClient })
  closers.push(() => test.booted.close())
  await test.core.auth.signIn({ apiKey, sessionOnly: true })
  return test.core
}

const accountOf = (key: string): string => emulator.state.accounts.get(key)?.userId ?? ''
const ownedBy = (key: string, name: string) => emulator.state.itemsOf(key).filter((item) => item.name === name)

describe('jobs belong to an account', () => {
  it('a PDF queued as one account never publishes into another signed in later; it waits for its own', async () => {
    const core = await signedIn(DANA_KEY)
    const { added } = await core.uploads.enqueuePaths({ paths: [await writePdf(files, 'board report.pdf', 3)], docType: 'Flipbook', onSameContent: 'ask', hold: true })
    const jobId = added[0]?.id ?? ''
    expect(added[0]).toMatchObject({ accountId: accountOf(DANA_KEY), host: 'base' })

    await core.auth.signOut()
    const signedOut = await waitForQueue(core, (view) => view.jobs.some((job) => job.id === jobId))
    await core.uploads.resume({ jobId })
    const waitingSignedOut = await waitForQueue(core, (view) => jobNamed(view, 'board report')?.state === 'waiting')
    expect(jobNamed(waitingSignedOut, 'board report')?.waiting).toMatchObject({ reason: 'signed-out', message: `Waiting for ${DANA} to sign in; nothing was lost.` })
    expect(signedOut.jobs).toHaveLength(1)

    // Another account signs in: the job is not theirs, so nothing is sent with their key.
    const before = createRequests(emulator)
    await core.auth.signIn({ apiKey: RAVI_KEY, sessionOnly: true })
    const other = await waitForQueue(core, (view) => jobNamed(view, 'board report')?.waiting?.reason === 'other-account')
    expect(jobNamed(other, 'board report')?.waiting?.message).toBe(
      `Waiting for ${DANA} to sign in: it was added for that account, which is signed out now.`
    )
    await delay(1_500)
    expect(createRequests(emulator)).toBe(before)
    expect(ownedBy(RAVI_KEY, 'board report')).toEqual([])
    expect(core.uploads.list().jobs[0]?.state).toBe('waiting')

    // Its own account signs in again: it publishes there, once.
    await core.auth.signOut()
    await core.auth.signIn({ apiKey: DANA_KEY, sessionOnly: true })
    const done = await waitForQueue(core, (view) => jobNamed(view, 'board report')?.state === 'done')
    expect(jobNamed(done, 'board report')?.result?.pages).toBe(3)
    expect(ownedBy(DANA_KEY, 'board report')).toHaveLength(1)
    expect(ownedBy(RAVI_KEY, 'board report')).toEqual([])
  })

  it('a job runs only once whoami confirmed whose the key is: a cached account is a hint, never proof', async () => {
    const core = await signedIn(RAVI_KEY)
    await core.uploads.pause()
    const { added } = await core.uploads.enqueuePaths({ paths: [await writePdf(files, 'moodboard.pdf')], docType: 'Flipbook', onSameContent: 'ask' })
    expect(added[0]?.accountId).toBe(accountOf(RAVI_KEY))
    // The key is replaced behind FlipDrop's back by one of another account (same connection, identity unknown).
    core.connection.connect(DANA_KEY)
    expect(core.connection.accountId).toBeNull()
    await core.uploads.resume()
    // The queue asks who the key is, learns it is Dana's, and keeps Ravi's job waiting.
    await vi.waitFor(() => expect(core.connection.accountId).toBe(accountOf(DANA_KEY)))
    const view = await waitForQueue(core, (current) => jobNamed(current, 'moodboard')?.waiting?.reason === 'other-account')
    expect(jobNamed(view, 'moodboard')?.waiting?.message).toContain('Ravi Menon (ravi@kitestudio.example)')
    expect(ownedBy(DANA_KEY, 'moodboard')).toEqual([])
  })

  it('nothing is queued when no account can be named (signed out): never a guess', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'flipdrop-accounts-none-'))
    await writeFile(join(dir, 'settings.json'), JSON.stringify({ baseUrl: emulator.baseUrl }))
    const test = await createTestCore({ userDataDir: dir })
    closers.push(() => test.booted.close())
    await expect(
      test.core.uploads.enqueuePaths({ paths: [await writePdf(files, 'nobody.pdf')], docType: 'Flipbook', onSameContent: 'ask' })
    ).rejects.toMatchObject({ code: 'signed-out', message: expect.stringContaining('Nothing was queued') })
    expect(test.core.uploads.list().jobs).toEqual([])
  })
})
