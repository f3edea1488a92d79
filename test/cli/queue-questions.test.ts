import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openQueueStore } from '../../src-main/core/queue/queue-store'
import { startEmulator, type RunningEmulator } from '../emulator'
import { runCliInProcess as runCli } from './in-process-cli'
import { createRequests, QUEUE_KEY, startQueueCore, waitForQueue, writePdf } from '../support/queue-fixture'

/*
 * The two questions a job can ask (issue 27), answered from the command: a found item whose
 * stored bytes differ (--keep / --publish-again, never a Retry that duplicates), and a job of
 * the single-account time that names no account (--assign ID=ACCOUNT).
 */

interface Listed {
  jobs: { id: string; source: string; state: string; code: string | null; itemId: number | null; message: string }[]
}

let emulator: RunningEmulator
let files: string

beforeAll(async () => {
  emulator = await startEmulator({ keys: [QUEUE_KEY], rewriteStoredPdf: true, log: () => {} })
  files = await mkdtemp(join(tmpdir(), 'flipdrop-cli-questions-'))
})
afterAll(() => emulator.close())

const itemsNamed = (name: string) => emulator.state.allItems().filter((item) => item.name === name)
const varsFor = (dataDir: string) => ({ FLIPDROP_API_KEY: QUEUE_KEY, FLIPDROP_BASE_URL: emulator.baseUrl, FLIPDROP_DOCUMENT_URL: emulator.documentUrl, FLIPDROP_DATA_DIR: dataDir })

/** A data folder whose one job's create answer was lost and whose found item's stored PDF differs. */
async function leaveLookalike(name: string): Promise<{ dataDir: string; id: string }> {
  const started = await startQueueCore(emulator, { settings: { baseUrl: emulator.baseUrl, uploadConcurrency: 1 } })
  emulator.faults.add({ route: '/api/create-by-file', kind: 'commit-then-drop', count: 1 })
  const { added } = await started.core.uploads.enqueuePaths({ paths: [await writePdf(files, `${name}.pdf`, 3)], docType: 'Flipbook', onSameContent: 'new' })
  const id = added[0]?.id ?? ''
  await waitForQueue(started.core, (view) => view.jobs.find((job) => job.id === id)?.state === 'failed', 60_000)
  emulator.faults.clear()
  await started.booted.close()
  return { dataDir: started.dir, id }
}

describe('a found item whose stored PDF is not byte-for-byte the file', () => {
  it('is listed with the flags that answer it; --keep makes that item this upload, with no new create', async () => {
    const { dataDir, id } = await leaveLookalike('cli keep')
    const vars = varsFor(dataDir)
    const listed = await runCli(['queue', '--json'], vars)
    expect(listed.code).toBe(0)
    const job = (JSON.parse(listed.stdout) as Listed).jobs.find((entry) => entry.id === id)
    expect(job).toMatchObject({ state: 'failed', code: 'uncertain-content' })
    expect(job?.message).toContain(`flipdrop queue --keep ${id.slice(0, 8)} or flipdrop queue --publish-again ${id.slice(0, 8)}`)

    const before = createRequests(emulator)
    // No Retry that quietly makes a duplicate: --retry is refused with what to run, --retry-failed passes it over.
    const retried = await runCli(['queue', '--retry', id.slice(0, 8)], vars)
    expect(retried.code).toBe(2)
    expect(retried.stderr).toContain(`Run flipdrop queue --keep ${id.slice(0, 8)} or flipdrop queue --publish-again ${id.slice(0, 8)}.`)
    const allFailed = await runCli(['queue', '--retry-failed', '--json'], vars)
    expect(allFailed.code, allFailed.stderr).toBe(0)
    expect((JSON.parse(allFailed.stdout) as Listed).jobs.find((entry) => entry.id === id)).toMatchObject({ state: 'failed', code: 'uncertain-content' })
    expect(createRequests(emulator)).toBe(before)

    const kept = await runCli(['queue', '--keep', id.slice(0, 8), '--wait', '--json'], vars)
    expect(kept.code, kept.stderr).toBe(0)
    const done = (JSON.parse(kept.stdout) as Listed).jobs.find((entry) => entry.id === id)
    expect(done).toMatchObject({ state: 'done', itemId: itemsNamed('cli keep')[0]?.id })
    expect(itemsNamed('cli keep')).toHaveLength(1)
    expect(createRequests(emulator)).toBe(before)
  }, 120_000)

  it('--publish-again publishes the file once more as a new item', async () => {
    const { dataDir, id } = await leaveLookalike('cli again')
    const before = createRequests(emulator)
    const again = await runCli(['queue', '--publish-again', id, '--wait', '--json'], varsFor(dataDir))
    expect(again.code, again.stderr).toBe(0)
    const items = itemsNamed('cli again')
    expect(items).toHaveLength(2)
    expect((JSON.parse(again.stdout) as Listed).jobs.find((entry) => entry.id === id)).toMatchObject({ state: 'done', itemId: Math.max(...items.map((item) => item.id)) })
    expect(createRequests(emulator)).toBe(before + 1)

    // Asked of a job that asks nothing (this one is done now): a usage mistake, said as such.
    const wrong = await runCli(['queue', '--keep', id], varsFor(dataDir))
    expect(wrong.code).toBe(2)
    expect(wrong.stderr).toContain(`Job ${id} is not waiting for that choice.`)
    expect(itemsNamed('cli again')).toHaveLength(2)
  }, 120_000)
})

describe('a job of the single-account time that names no account', () => {
  it('says how to answer; --assign refuses an account not signed in (exit 3), then binds it and --wait publishes it there once', async () => {
    const started = await startQueueCore(emulator, { settings: { baseUrl: emulator.baseUrl } })
    await started.core.uploads.pause()
    const { added } = await started.core.uploads.enqueuePaths({ paths: [await writePdf(files, 'cli old.pdf', 1)], docType: 'Flipbook', onSameContent: 'ask' })
    const id = added[0]?.id ?? ''
    const userId = started.core.connection.accountId ?? (await waitForAccount(started.core))
    await started.booted.close()
    const { store } = await openQueueStore(join(started.dir, 'queue'))
    await store.put(store.jobs().map((job) => ({ ...job, accountId: null, state: 'queued' as const })))
    await store.setPaused(false)
    await store.close()
    await rm(join(started.dir, 'accounts.json'), { force: true })
    const vars = varsFor(started.dir)

    const listed = await runCli(['queue'], vars)
    expect(listed.code).toBe(0)
    expect(listed.stdout).toContain(`flipdrop queue --assign ${id.slice(0, 8)}=ACCOUNT`)

    const wrongJob = await runCli(['queue', '--publish-again', id], vars)
    expect(wrongJob.code).toBe(2)
    expect(wrongJob.stderr).toContain('is not waiting for that choice')

    const nobody = await runCli(['queue', '--assign', `${id.slice(0, 8)}=nobody@example.com`], vars)
    expect(nobody.code).toBe(3)
    expect(nobody.stderr).toContain('No signed-in account is "nobody@example.com"')

    const before = itemsNamed('cli old').length
    const bound = await runCli(['queue', '--assign', `${id.slice(0, 8)}=${userId}`, '--json'], vars)
    expect(bound.code, bound.stderr).toBe(0)
    expect((JSON.parse(bound.stdout) as Listed).jobs.find((entry) => entry.id === id)).toMatchObject({ state: 'queued', code: null })
    const ran = await runCli(['queue', '--wait', '--json'], vars)
    expect(ran.code, ran.stderr).toBe(0)
    expect((JSON.parse(ran.stdout) as Listed).jobs.find((entry) => entry.id === id)).toMatchObject({ state: 'done' })
    expect(emulator.state.itemsOf(QUEUE_KEY).filter((item) => item.name === 'cli old')).toHaveLength(before + 1)
  }, 120_000)
})

async function waitForAccount(core: { connection: { accountId: string | null } }): Promise<string> {
  const started = Date.now()
  while (core.connection.accountId === null && Date.now() - started < 10_000) await new Promise((resolve) => setTimeout(resolve, 20))
  return core.connection.accountId ?? ''
}
