import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from '../../../emulator'
import { countPages } from '../../../emulator/fixtures/make-pdf'
import { allFinished, createRequests, jobNamed, QUEUE_KEY, startQueueCore, waitForQueue, writePdf, type QueueCore } from '../../../support/queue-fixture'

/*
 * Documents live on the document host, and IDs are per host: with the emulator's separate ID
 * spaces, Flipbook 1001 and Document 1001 are two items. Every step of a Document job (create,
 * check, lookup of an uncertain create, replace) must go to the document host; asking the
 * default host for a Document's ID finds nothing, or the wrong flipbook.
 */

let emulator: RunningEmulator
let files: string
const cores: QueueCore[] = []

beforeAll(async () => {
  emulator = await startEmulator({ keys: [QUEUE_KEY], separateHostIds: true, log: () => {} })
  files = await mkdtemp(join(tmpdir(), 'flipdrop-documents-'))
})
afterEach(() => emulator.faults.clear())
afterAll(async () => {
  for (const { core } of cores) await core.close()
  await emulator.close()
})

async function queue(): Promise<QueueCore> {
  const started = await startQueueCore(emulator, { settings: { baseUrl: emulator.baseUrl, documentUrl: emulator.documentUrl } })
  cores.push(started)
  return started
}

const named = (host: 'base' | 'document', name: string) => [...emulator.state.itemsOn(host).values()].filter((item) => item.name === name)

describe('Documents on the document host (separate IDs per host)', () => {
  it('publishes and checks a Document there, with a name and title given for a single file', async () => {
    const { core } = await queue()
    // A flipbook first, so that the Document's ID exists on the default host too.
    await core.uploads.enqueuePaths({ paths: [await writePdf(files, 'cover.pdf', 2)], docType: 'Flipbook', onSameContent: 'ask' })
    await waitForQueue(core, allFinished)
    const path = await writePdf(files, 'manual.pdf', 4)
    await core.uploads.enqueuePaths({ paths: [path], docType: 'Document', name: 'User manual', title: 'User manual, 2nd edition', onSameContent: 'ask' })
    const view = await waitForQueue(core, allFinished)
    const job = jobNamed(view, 'User manual')
    expect(job).toMatchObject({ state: 'done', docType: 'Document', host: 'document', title: 'User manual, 2nd edition', result: { pages: 4 } })
    const itemId = job?.result?.itemId ?? -1
    expect(emulator.state.itemOn('document', itemId)).toMatchObject({ docType: 'Document', title: 'User manual, 2nd edition', pages: 4 })
    // The same number on the default host is the flipbook, untouched.
    expect(emulator.state.itemOn('base', itemId)?.name).toBe('cover')
  })

  it('replaces a Document on its host and never the flipbook with the same ID', async () => {
    const { core } = await queue()
    await core.uploads.enqueuePaths({ paths: [await writePdf(files, 'poster.pdf', 1)], docType: 'Flipbook', onSameContent: 'ask' })
    await core.uploads.enqueuePaths({ paths: [await writePdf(files, 'handbook.pdf', 2)], docType: 'Document', onSameContent: 'ask' })
    const first = await waitForQueue(core, allFinished)
    const documentId = jobNamed(first, 'handbook')?.result?.itemId ?? -1
    const flipbookBefore = named('base', 'poster')[0]
    const sameNumber = emulator.state.itemOn('base', documentId)

    const result = await core.uploads.replace({ itemId: documentId, docType: 'Document', path: await writePdf(files, 'handbook-v2.pdf', 6) })
    expect(result.added[0]).toMatchObject({ kind: 'replace', host: 'document', name: 'handbook' })
    const view = await waitForQueue(core, (current) => current.jobs.find((job) => job.id === result.added[0]?.id)?.state === 'done')
    expect(view.jobs.find((job) => job.id === result.added[0]?.id)?.history.map((line) => line.text).join('\n')).toContain('with 6 pages')
    expect(emulator.state.itemOn('document', documentId)?.pages).toBe(6)
    expect(named('base', 'poster')[0]?.pages).toBe(flipbookBefore?.pages)
    // Whatever the default host holds under that number kept its PDF.
    if (sameNumber) expect(emulator.state.itemOn('base', documentId)?.pages).toBe(sameNumber.pages)
  })

  it('looks an uncertain Document create up on the document host and takes it, never sending it twice', async () => {
    const { core } = await queue()
    // A flipbook of the same name and number space on the default host must not be taken for it.
    await core.uploads.enqueuePaths({ paths: [await writePdf(files, 'price list.pdf', 2)], docType: 'Flipbook', onSameContent: 'ask' })
    await waitForQueue(core, allFinished)
    emulator.faults.add({ route: '/api/create-by-file', kind: 'commit-then-drop', count: 1 })
    const before = createRequests(emulator)
    const path = await writePdf(files, 'price list (document).pdf', 3)
    await core.uploads.enqueuePaths({ paths: [path], docType: 'Document', name: 'price list', onSameContent: 'new' })
    const view = await waitForQueue(core, (current) => current.jobs.every((job) => job.state === 'done'), 30_000)
    const job = view.jobs.find((entry) => entry.docType === 'Document' && entry.name === 'price list')
    expect(createRequests(emulator) - before).toBe(1)
    expect(job?.history.map((line) => line.text).join('\n')).toContain('took that one instead of uploading again')
    expect(named('document', 'price list')).toHaveLength(1)
    expect(job?.result?.itemId).toBe(named('document', 'price list')[0]?.id)
    expect(named('document', 'price list')[0]?.pages).toBe(await countPages(await readFile(path)))
  }, 40_000)
})
