import { mkdir, mkdtemp, rm, symlink, truncate, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createDispatch } from '../../../../src-main/ipc/dispatch'
import { handlersOf } from '../../../../src-main/ipc/handler-table'
import { startEmulator, type RunningEmulator } from '../../../emulator'
import { makePdf, writeLargePdf } from '../../../emulator/fixtures/make-pdf'
import { startPdfSource } from '../../../support/pdf-source'
import { allFinished, createRequests, jobNamed, QUEUE_KEY, startQueueCore, waitForQueue, writePdf, type QueueCore } from '../../../support/queue-fixture'

let emulator: RunningEmulator
let files: string
let source: Awaited<ReturnType<typeof startPdfSource>>
const cores: QueueCore[] = []

beforeAll(async () => {
  emulator = await startEmulator({ keys: [QUEUE_KEY], maxFileMb: 1, allowSourceHosts: ['127.0.0.1'], log: () => {} })
  files = await mkdtemp(join(tmpdir(), 'flipdrop-intake-'))
  source = await startPdfSource({ '/brochure.pdf': await makePdf(4, 'from a link'), '/v2.pdf': await makePdf(6, 'version two') })
})
afterEach(() => emulator.faults.clear())
afterAll(async () => {
  for (const { core } of cores) await core.close()
  await source.close()
  await emulator.close()
})

async function queue(): Promise<QueueCore> {
  const started = await startQueueCore(emulator)
  cores.push(started)
  await waitForQueue(started.core, (view) => view.limits.maxFileSizeBytes !== null)
  return started
}

const itemsNamed = (name: string) => [...emulator.state.items.values()].filter((item) => item.name === name)

describe('what the queue takes, and what it refuses', () => {
  it('the hostile corpus: each its own reason, nothing unintended uploaded, the odd-but-valid name published', async () => {
    const { core } = await queue()
    const corpus = join(files, 'corpus')
    await mkdir(join(corpus, 'mixed', 'nested'), { recursive: true })
    await writeFile(join(corpus, 'text.pdf'), 'just some text, not a PDF')
    await writeFile(join(corpus, 'empty.pdf'), '')
    const truncated = await makePdf(2, 'truncated')
    await writeFile(join(corpus, 'truncated.pdf'), truncated.subarray(0, truncated.length - 40))
    await writeLargePdf(join(corpus, 'oversize.pdf'), 2 * 1024 * 1024)
    await writePdf(join(corpus, 'mixed'), 'inside.pdf')
    await writeFile(join(corpus, 'mixed', 'notes.txt'), 'notes')
    await writePdf(join(corpus, 'mixed', 'nested'), 'deeper.pdf')
    await symlink(join(corpus, 'loop'), join(corpus, 'loop'))
    // A file name as long as Linux allows (255 bytes with .pdf), in several scripts: valid, so it publishes.
    let unicode = ''
    for (const character of 'Broschüre – 設計 ✓ Каталог 2026 '.repeat(20)) {
      if (Buffer.byteLength(`${unicode}${character}.pdf`) > 255) break
      unicode += character
    }
    unicode = unicode.trim()
    await writeFile(join(corpus, `${unicode}.pdf`), await makePdf(1, 'a long Unicode name'))
    const before = createRequests(emulator)
    const paths = ['text.pdf', 'empty.pdf', 'truncated.pdf', 'oversize.pdf', 'mixed', 'loop', `${unicode}.pdf`].map((name) => join(corpus, name))
    const result = await core.uploads.enqueuePaths({ paths, docType: 'Flipbook', onSameContent: 'ask' })
    const reasons = Object.fromEntries(result.refused.map((refusal) => [refusal.source, refusal.reason]))
    expect(reasons).toEqual({
      'text.pdf': 'text.pdf is not a PDF: it is plain text; export it from the app that made it as PDF.',
      'empty.pdf': 'empty.pdf is empty (0 bytes).',
      'truncated.pdf':
        'truncated.pdf is incomplete: its end is missing (a copy or download that did not finish, or a save still under way), and PDF readers cannot open it.',
      'oversize.pdf': 'oversize.pdf is 2 MB; your plan allows 1 MB.',
      'notes.txt': 'notes.txt is not a PDF.',
      loop: 'loop is a link that leads back into itself.'
    })
    expect(result.added.map((job) => job.name)).toEqual(['inside', 'deeper', unicode])
    const view = await waitForQueue(core, allFinished)
    expect(view.jobs.filter((job) => job.state === 'done').map((job) => job.name).sort()).toEqual(['deeper', 'inside', unicode].sort())
    expect(createRequests(emulator) - before).toBe(3)
    expect(itemsNamed(unicode)).toHaveLength(1)
    // Nothing about the refused files ever reached the service.
    for (const name of ['text', 'empty', 'truncated', 'oversize', 'notes']) expect(itemsNamed(name)).toEqual([])
  })

  it('refuses bad links before queueing: private host, javascript:, credentials, plain http elsewhere', async () => {
    const { core } = await queue()
    const before = createRequests(emulator)
    const refusals: string[] = []
    for (const url of [
      'https://192.168.1.20/brochure.pdf',
      'https://printer.local/brochure.pdf',
      'javascript:alert(1)',
      'https://user:secret@example.com/brochure.pdf',
      'http://example.com/brochure.pdf'
    ]) {
      const result = await core.uploads.enqueueUrl({ url, docType: 'Flipbook' })
      expect(result.added, url).toEqual([])
      refusals.push(result.refused[0]?.reason ?? '')
    }
    expect(refusals[0]).toContain('private network address')
    expect(refusals[1]).toContain('only works inside a local network')
    expect(refusals[2]).toBe('Links starting with javascript: cannot be published; use an https:// link to the PDF.')
    expect(refusals[3]).toBe('Links that carry a user name or password cannot be published.')
    expect(refusals[4]).toContain('Only secure links (https://)')
    expect(new Set(refusals).size).toBe(5)
    expect(createRequests(emulator)).toBe(before)
  })

  it('a file that disappears after it was queued fails with its reason; nothing is sent', async () => {
    const { core } = await queue()
    await core.uploads.pause()
    const path = await writePdf(files, 'vanishing.pdf')
    await core.uploads.enqueuePaths({ paths: [path], docType: 'Flipbook', onSameContent: 'ask' })
    await rm(path)
    const before = createRequests(emulator)
    await core.uploads.resume()
    const view = await waitForQueue(core, (current) => jobNamed(current, 'vanishing')?.state === 'failed')
    expect(jobNamed(view, 'vanishing')?.failure).toEqual({
      message: 'vanishing.pdf was moved or deleted after it was added; nothing was uploaded.',
      retryable: true,
      code: 'file-missing',
      // What the window says in its language: the catalog key and the file's name as it is.
      said: { key: 'coreQueue.failure.fileMissing', values: { file: 'vanishing.pdf' } }
    })
    expect(createRequests(emulator)).toBe(before)
  })

  it('a file that grows after it was queued is uploaded as it is now, checked by its hash', async () => {
    const { core } = await queue()
    await core.uploads.pause()
    const path = await writePdf(files, 'growing.pdf', 1)
    await core.uploads.enqueuePaths({ paths: [path], docType: 'Flipbook', onSameContent: 'ask' })
    await writeFile(path, await makePdf(5, 'growing, re-exported'))
    await core.uploads.resume()
    const view = await waitForQueue(core, (current) => jobNamed(current, 'growing')?.state === 'done')
    const job = jobNamed(view, 'growing')
    expect(job?.result?.pages).toBe(5)
    expect(job?.history.map((line) => line.text).join('\n')).toContain('The file changed since it was added')
  })

  it('publishes from a link, and replaces an item from a file and from a link, keeping its ID and link', async () => {
    const { core } = await queue()
    await core.uploads.enqueueUrl({ url: source.url('/brochure.pdf'), docType: 'Flipbook' })
    const created = jobNamed(await waitForQueue(core, allFinished), 'brochure')
    expect(created).toMatchObject({ state: 'done', source: { type: 'url' }, result: { pages: 4 } })
    const itemId = created?.result?.itemId ?? 0
    const link = created?.result?.url

    const fromFile = await core.uploads.replace({ itemId, docType: 'Flipbook', path: await writePdf(files, 'brochure-v3.pdf', 3) })
    expect(fromFile.added[0]).toMatchObject({ kind: 'replace', targetItemId: itemId, name: 'brochure' })
    await waitForQueue(core, (view) => view.jobs.find((job) => job.id === fromFile.added[0]?.id)?.state === 'done')
    expect(emulator.state.items.get(itemId)?.pages).toBe(3)

    const fromUrl = await core.uploads.replace({ itemId, docType: 'Flipbook', url: source.url('/v2.pdf') })
    const done = await waitForQueue(core, (view) => view.jobs.find((job) => job.id === fromUrl.added[0]?.id)?.state === 'done')
    const replaced = done.jobs.find((job) => job.id === fromUrl.added[0]?.id)
    expect(replaced?.result).toMatchObject({ itemId, url: link, pages: 6 })
    expect(itemsNamed('brochure')).toHaveLength(1)

    const missing = await core.uploads.replace({ itemId: 987_654, docType: 'Flipbook', path: await writePdf(files, 'orphan.pdf') })
    expect(missing.refused[0]?.reason).toBe('That flipbook no longer exists on the service, or it belongs to another account.')
  })

  it('offers replace, new or skip for content it published before, and each does what it says', async () => {
    const { core } = await queue()
    const path = await writePdf(files, 'annual report.pdf', 2)
    await core.uploads.enqueuePaths({ paths: [path], docType: 'Flipbook', onSameContent: 'ask' })
    const first = jobNamed(await waitForQueue(core, allFinished), 'annual report')
    const itemId = first?.result?.itemId ?? 0

    const again = await core.uploads.enqueuePaths({ paths: [path], docType: 'Flipbook', onSameContent: 'ask' })
    expect(again.added).toEqual([])
    expect(again.sameContent).toMatchObject([
      { offerId: expect.any(String), fileName: 'annual report.pdf', size: expect.any(Number), docType: 'Flipbook', items: [{ itemId, name: 'annual report', url: expect.any(String) }] }
    ])
    const replaced = await core.uploads.decideSameContent({ offerId: again.sameContent[0]?.offerId ?? '', choice: 'replace' })
    expect(replaced.added[0]).toMatchObject({ kind: 'replace', targetItemId: itemId })
    await waitForQueue(core, (view) => view.jobs.find((job) => job.id === replaced.added[0]?.id)?.state === 'done')
    expect(itemsNamed('annual report')).toHaveLength(1)

    const skipped = await core.uploads.enqueuePaths({ paths: [path], docType: 'Flipbook', onSameContent: 'skip' })
    expect(skipped.refused[0]?.reason).toBe('Skipped annual report.pdf: the same content is already published as “annual report”.')

    const anew = await core.uploads.enqueuePaths({ paths: [path], docType: 'Flipbook', onSameContent: 'new' })
    await waitForQueue(core, (view) => view.jobs.find((job) => job.id === anew.added[0]?.id)?.state === 'done')
    expect(itemsNamed('annual report')).toHaveLength(2)

    await expect(core.uploads.decideSameContent({ offerId: again.sameContent[0]?.offerId ?? '', choice: 'new' })).resolves.toMatchObject({
      refused: [{ reason: 'That question has expired; add the file again.' }]
    })
  })

  it('through IPC, every input is checked by the contract first', async () => {
    const { booted } = await queue().then((started) => started)
    const dispatch = createDispatch(handlersOf(booted), booted.log)
    await expect(dispatch('uploads:enqueuePaths', { paths: [] })).resolves.toMatchObject({ ok: false, error: { code: 'invalid-input' } })
    await expect(dispatch('uploads:enqueuePaths', { paths: ['/a.pdf', '/b.pdf'], name: 'Both' })).resolves.toMatchObject({
      ok: false,
      error: { code: 'invalid-input', message: expect.stringContaining('A name and title can only be given for a single file') }
    })
    await expect(dispatch('uploads:cancel', { jobId: 'not-a-uuid' })).resolves.toMatchObject({ ok: false, error: { code: 'invalid-input' } })
    await expect(dispatch('uploads:replace', { itemId: 5, path: '/a.pdf', url: 'https://x.example/a.pdf' })).resolves.toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('Give either a file or a URL') }
    })
    const relative = await dispatch('uploads:enqueuePaths', { paths: ['relative/file.pdf'] })
    expect(relative).toMatchObject({ ok: true, value: { added: [], refused: [{ reason: expect.stringContaining('without its full location') }] } })
  })
})

describe('a damaged journal', () => {
  it('restores every job it can and says what was dropped', async () => {
    const { openQueueStore } = await import('../../../../src-main/core/queue/queue-store')
    const { newJob } = await import('../../../../src-main/core/queue/new-job')
    const { readdir, readFile } = await import('node:fs/promises')
    const dir = await mkdtemp(join(tmpdir(), 'flipdrop-journal-'))
    const { store } = await openQueueStore(dir)
    const jobs = ['one', 'two', 'three', 'four'].map((name) =>
      newJob({ kind: 'create', source: { type: 'url', url: `https://example.com/${name}.pdf` }, docType: 'Flipbook', accountId: 'user-1', name, title: name })
    )
    for (const job of jobs) await store.put([job])
    // The process "crashes" here: no close, no compaction. Damage the journal as a crash and a bad disk would.
    const journal = join(dir, (await readdir(dir)).find((name) => name.startsWith('journal-')) ?? '')
    const lines = (await readFile(journal, 'utf8')).split('\n')
    lines[1] = (lines[1] ?? '').replace('"two"', '"tvo"')
    await writeFile(journal, `${lines.join('\n').trimEnd()}\n0000abcd {"seq":99,"entr`)
    const reopened = await openQueueStore(dir)
    expect(reopened.store.jobs().map((job) => job.name)).toEqual(['one', 'three', 'four'])
    expect(reopened.notices).toEqual([
      '1 saved change to the upload queue could not be read back and was left out. FlipDrop cannot tell which job it was about: a job may show an earlier state, be missing, or be back after you removed it. Check the queue before you upload again; what was already published is still recognised.',
      'FlipDrop stopped while it was saving a change to the upload queue, so that change was not kept: a job added just then may be missing, one changed just then may show its earlier state, and one removed just then may be back.'
    ])
    await reopened.store.close()
    // Once compacted, the damage is not reported again.
    expect((await openQueueStore(dir)).notices).toEqual([])
    await truncate(journal).catch(() => {})
  })
})
