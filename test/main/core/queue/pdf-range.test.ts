import { randomUUID } from 'node:crypto'
import { appendFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Core } from '../../../../src-main/core/core'
import { createDispatch, type Dispatch } from '../../../../src-main/ipc/dispatch'
import { handlersOf } from '../../../../src-main/ipc/handler-table'
import { MAX_PDF_RANGE_BYTES } from '../../../../src-shared/domain/queue'
import { makePdf } from '../../../emulator/fixtures/make-pdf'
import { startEmulator } from '../../../emulator'
import { QUEUE_KEY } from '../../../support/queue-fixture'
import { createTestCore } from '../../../support/test-core'

/*
 * uploads:readPdfRange through the same dispatch Electron's handlers use (schema, core,
 * envelope), on a real core with a real queue and real files. Jobs are added held, so
 * nothing is ever uploaded.
 */

let core: Core
let dispatch: Dispatch
let files: string
const closers: (() => Promise<void>)[] = []

beforeAll(async () => {
  const emulator = await startEmulator({ keys: [QUEUE_KEY], log: () => {} })
  closers.push(() => emulator.close())
  const test = await createTestCore({ environment: { apiKey: QUEUE_KEY, baseUrl: emulator.baseUrl } })
  core = test.core
  // Jobs are made for the key's account, once the service confirmed whose it is.
  await vi.waitFor(() => expect(core.connection.accountId).not.toBeNull())
  dispatch = createDispatch(handlersOf(test.booted), test.booted.log)
  closers.push(() => test.booted.close())
  files = await mkdtemp(join(tmpdir(), 'flipdrop-range-'))
})
afterAll(async () => {
  for (const close of closers.reverse()) await close()
})

async function queuedFile(name: string, pages = 3): Promise<{ jobId: string; path: string; bytes: Buffer }> {
  const path = join(files, name)
  const bytes = await makePdf(pages, name)
  await writeFile(path, bytes)
  const result = await core.uploads.enqueuePaths({ paths: [path], docType: 'Flipbook', onSameContent: 'new', hold: true })
  const job = result.added[0]
  if (!job) throw new Error(`${name} was not queued: ${JSON.stringify(result.refused)}`)
  return { jobId: job.id, path, bytes }
}

const read = (jobId: string, offset: number, length: number) => dispatch('uploads:readPdfRange', { jobId, offset, length })

describe('uploads:readPdfRange (the bytes of a thumbnail)', () => {
  it('reads exactly the range asked for, as a Uint8Array that owns just those bytes', async () => {
    const { jobId, bytes } = await queuedFile('exact.pdf')
    for (const [offset, length] of [
      [0, 1],
      [0, 1024],
      [17, 333],
      [bytes.length - 100, 100],
      [0, bytes.length]
    ] as const) {
      const reply = await read(jobId, offset, length)
      if (!reply.ok) throw new Error(reply.error.message)
      const value = reply.value as Uint8Array
      expect(value).toBeInstanceOf(Uint8Array)
      expect(Buffer.isBuffer(value)).toBe(false)
      // Structured clone copies the whole backing store: it must be exactly the range.
      expect(value.buffer.byteLength).toBe(length)
      // What Electron's IPC does to the envelope (the V8 serializer, as structuredClone).
      expect(structuredClone(reply)).toEqual({ ok: true, value: new Uint8Array(bytes.subarray(offset, offset + length)) })
      expect(Buffer.from(value).equals(bytes.subarray(offset, offset + length))).toBe(true)
    }
  })

  it('refuses a job ID the queue does not know', async () => {
    expect(await read(randomUUID(), 0, 10)).toEqual({
      ok: false,
      error: { code: 'not-found', message: 'That upload is no longer in the queue.', said: { key: 'coreQueue.error.jobGone' } }
    })
  })

  it('refuses a job published from a link: there is no local file', async () => {
    const result = await core.uploads.enqueueUrl({ url: 'https://127.0.0.1/brochure.pdf', docType: 'Flipbook', hold: true })
    const job = result.added[0]
    expect(job?.source.type).toBe('url')
    expect(await read(job?.id ?? '', 0, 10)).toEqual({
      ok: false,
      error: { code: 'not-allowed', message: 'A PDF published from a link has no local file to preview.', said: { key: 'coreQueue.preview.fromLink' } }
    })
  })

  it('refuses a range past the end of the file, and one larger than the cap (by the schema)', async () => {
    const { jobId, bytes } = await queuedFile('short.pdf')
    expect(await read(jobId, bytes.length - 10, 11)).toEqual({
      ok: false,
      error: {
        code: 'invalid-input',
        message: `That part of short.pdf lies past its end (${bytes.length} bytes).`,
        // The window says it in its language: the file's name as it is, the size grouped its way.
        said: { key: 'coreQueue.preview.pastEnd', values: { file: 'short.pdf', size: bytes.length } }
      }
    })
    expect(await read(jobId, bytes.length, 1)).toMatchObject({ ok: false, error: { code: 'invalid-input' } })
    expect(await read(jobId, 0, MAX_PDF_RANGE_BYTES + 1)).toMatchObject({ ok: false, error: { code: 'invalid-input' } })
    expect(await read(jobId, -1, 10)).toMatchObject({ ok: false, error: { code: 'invalid-input' } })
  })

  it('refuses a file that changed size since it was queued, and one that vanished', async () => {
    const grown = await queuedFile('grown.pdf')
    await appendFile(grown.path, '% appended by a later export\n')
    expect(await read(grown.jobId, 0, 10)).toEqual({
      ok: false,
      error: {
        code: 'not-allowed',
        message: `grown.pdf changed since it was added (it had ${grown.bytes.length} bytes, now ${grown.bytes.length + 29}); it is not previewed.`,
        said: { key: 'coreQueue.preview.sizeChanged', values: { file: 'grown.pdf', size: grown.bytes.length, now: grown.bytes.length + 29 } }
      }
    })
    const gone = await queuedFile('gone.pdf')
    await rm(gone.path)
    expect(await read(gone.jobId, 0, 10)).toEqual({
      ok: false,
      error: {
        code: 'not-found',
        message: 'gone.pdf is no longer where it was added from; it may have been moved or deleted.',
        said: { key: 'coreQueue.preview.moved', values: { file: 'gone.pdf' } }
      }
    })
    // The same file back in place reads again.
    await writeFile(gone.path, gone.bytes)
    expect(await read(gone.jobId, 0, 5)).toMatchObject({ ok: true })
    expect((await readFile(gone.path)).equals(gone.bytes)).toBe(true)
  })
})
