import { randomBytes } from 'node:crypto'
import { appendFileSync, closeSync, openSync, renameSync, writeFileSync, writeSync } from 'node:fs'
import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PDFDocument, PDFName } from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiClient, type ApiClientOptions } from '../../../../src-main/core/api/api-client'
import type { UploadOptions } from '../../../../src-main/core/api/multipart-upload'
import { RateLimiter } from '../../../../src-main/core/api/rate-limiter'
import { startEmulator, type RunningEmulator } from '../../../emulator'
import type { FaultSpec } from '../../../emulator/faults'
import { filePath } from '../../../emulator/state/item-record'
import { allFinished, QUEUE_KEY, startQueueCore, waitForQueue, type QueueCore } from '../../../support/queue-fixture'

let emulator: RunningEmulator
let files: string
const cores: QueueCore[] = []

/**
 * The designer's save, run the moment the upload of `path` has handed `afterChunks` chunks of
 * the file to the connection: synchronously, so it lands mid-upload on every machine.
 */
const saves = new Map<string, { afterChunks: number; save: () => void }>()

/**
 * The real client, with an eye on the chunks each upload reads (nothing else changes). It
 * waits for an answer as long as a service judging a damaged PDF under load may take.
 */
function watchedClient(options: ApiClientOptions) {
  const client = createApiClient({ ...options, limiter: new RateLimiter(), retryBaseMs: 20, uploadStallMs: 5_000, uploadAnswerTimeoutMs: 60_000 })
  const watch = (path: string, upload: UploadOptions): UploadOptions => {
    let chunks = 0
    return {
      ...upload,
      onFileChunk: (chunk) => {
        upload.onFileChunk?.(chunk)
        chunks += 1
        const planned = saves.get(path)
        if (planned && chunks === planned.afterChunks) {
          saves.delete(path)
          planned.save()
        }
      }
    }
  }
  const create = client.createFromFile
  client.createFromFile = (path, fields, upload = {}) => create(path, fields, watch(path, upload))
  const replace = client.replacePdf
  client.replacePdf = (id, path, docType, upload = {}) => replace(id, path, docType, watch(path, upload))
  return client
}

beforeAll(async () => {
  emulator = await startEmulator({ keys: [QUEUE_KEY], log: () => {} })
  files = await mkdtemp(join(tmpdir(), 'flipdrop-saved-again-'))
})
afterAll(async () => {
  for (const { core } of cores) await core.close()
  await emulator.close()
})

/** A valid one-page PDF carrying `bytes` of random data: about 1 MB is 16 chunks of an upload. */
async function randomPdf(bytes: number): Promise<Buffer> {
  const doc = await PDFDocument.create()
  doc.addPage([595, 842])
  doc.context.register(doc.context.stream(randomBytes(bytes), { Type: PDFName.of('XObject') }))
  return Buffer.from(await doc.save({ useObjectStreams: false }))
}

/** Same size, other content: a PDF of the same length whose random data differs. */
async function sameSizeAs(old: Buffer): Promise<Buffer> {
  const next = await randomPdf(1024 * 1024)
  expect(next.length).toBe(old.length)
  return next
}

/** The PDF the service holds for an item, as a reader would download it. */
async function storedPdf(itemId: number): Promise<Buffer> {
  const item = emulator.state.items.get(itemId)
  if (!item) throw new Error(`no item ${itemId}`)
  const response = await fetch(`${emulator.baseUrl}/__files/${filePath(item.fileId)}`)
  expect(response.status).toBe(200)
  return Buffer.from(await response.arrayBuffer())
}

/** The four ways a PDF gets saved again while FlipDrop uploads it. */
const STYLES: Record<string, (path: string, next: Buffer) => void> = {
  // Same size, written over the old bytes (no truncation).
  'in place': (path, next) => {
    const fd = openSync(path, 'r+')
    writeSync(fd, next, 0, next.length, 0)
    closeSync(fd)
  },
  // A new file written beside it and renamed over the path: a new inode.
  'renamed over': (path, next) => {
    writeFileSync(`${path}.tmp`, next)
    renameSync(`${path}.tmp`, path)
  },
  // Truncated and written again, larger.
  grown: (path, next) => writeFileSync(path, next),
  // Truncated and written again, shorter than what was read so far: the upload runs out of file.
  shrunk: (path, next) => writeFileSync(path, next)
}

async function scenario(
  style: string,
  name: string,
  makeNext: (old: Buffer) => Promise<Buffer>,
  save: (path: string, next: Buffer) => void,
  fault: FaultSpec = { route: '/api/create-by-file', kind: 'latency', ms: 200 }
) {
  const started = await startQueueCore(emulator, { core: { createClient: watchedClient } })
  cores.push(started)
  const { core } = started
  const path = join(files, `${name}.pdf`)
  const old = await randomPdf(1024 * 1024)
  await writeFile(path, old)
  const next = await makeNext(old)
  saves.set(path, { afterChunks: 2, save: () => save(path, next) })
  // A service that takes its time to answer, as a real one under load does (or loses the answer).
  emulator.faults.add(fault)
  await core.uploads.enqueuePaths({ paths: [path], docType: 'Flipbook', onSameContent: 'new' })
  const view = await waitForQueue(core, allFinished).finally(() => emulator.faults.clear())
  expect(saves.has(path), `the ${style} save ran during the upload`).toBe(false)
  const [job] = view.jobs
  expect(job?.state, job?.history.map((line) => line.text).join('\n')).toBe('done')
  const itemId = job?.result?.itemId ?? -1
  // The service holds the designer's latest version: the bytes on disk now, not the ones first read.
  const current = await readFile(path)
  expect(current.equals(next)).toBe(true)
  expect((await storedPdf(itemId)).equals(current), 'the service holds the latest save').toBe(true)
  // One item: the new version replaced the one the create made (same link), or, when the
  // service refused what it got (half old, half new) or the file ran out, was sent as the create.
  expect([...emulator.state.items.values()].filter((item) => item.name === name).map((item) => item.id)).toEqual([itemId])
  expect(job?.history.map((line) => line.text).join('\n')).toContain(`${name}.pdf was saved again while it was uploading`)
}

describe('a file saved again during its upload', { timeout: 60_000 }, () => {
  for (const [style, save] of Object.entries(STYLES)) {
    it(`is noticed when saved ${style}, and the service ends with the latest version`, async () => {
      const makeNext =
        style === 'in place' ? sameSizeAs : async () => randomPdf(style === 'grown' ? 1536 * 1024 : style === 'shrunk' ? 32 * 1024 : 900 * 1024)
      await scenario(style, `saved ${style.replace(' ', '-')}`, makeNext, save)
    })
  }

  it('is noticed when appended to (an incremental save, as Acrobat does), and the service ends with the latest version', async () => {
    // An incremental update: the old bytes stay, a new section follows them.
    const update = Buffer.from('\n% FlipDrop test: an incremental update\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n%%EOF\n')
    await scenario('appended', 'saved appended', async (old) => Buffer.concat([old, update]), (path) => appendFileSync(path, update))
  })

  it('is noticed in a replace of a published item (a linked file re-exported): the item ends with the latest version', async () => {
    const started = await startQueueCore(emulator, { core: { createClient: watchedClient } })
    cores.push(started)
    const { core } = started
    const first = join(files, 'linked v1.pdf')
    await writeFile(first, await randomPdf(200 * 1024))
    await core.uploads.enqueuePaths({ paths: [first], docType: 'Flipbook', onSameContent: 'new' })
    const itemId = (await waitForQueue(core, allFinished)).jobs[0]?.result?.itemId ?? -1
    const path = join(files, 'linked v2.pdf')
    await writeFile(path, await randomPdf(1024 * 1024))
    const next = await randomPdf(800 * 1024)
    saves.set(path, { afterChunks: 2, save: () => STYLES['renamed over']?.(path, next) })
    const { added } = await core.uploads.replace({ itemId, docType: 'Flipbook', path })
    const view = await waitForQueue(core, (current) => current.jobs.some((job) => job.id === added[0]?.id && (job.state === 'done' || job.state === 'failed')))
    const job = view.jobs.find((entry) => entry.id === added[0]?.id)
    expect(saves.has(path)).toBe(false)
    expect(job?.state, job?.history.map((line) => line.text).join('\n')).toBe('done')
    expect((await storedPdf(itemId)).equals(next), 'the item holds the latest save').toBe(true)
    expect(job?.history.map((line) => line.text).join('\n')).toContain('linked v2.pdf was saved again while it was uploading; its new version goes to the same item (same link).')
  })

  for (const style of ['in place', 'renamed over'] as const) {
    it(`is noticed when saved ${style} and the answer to that upload is lost: the item it made is found and gets the latest version`, async () => {
      const makeNext = async (old: Buffer) => (style === 'in place' ? sameSizeAs(old) : randomPdf(700 * 1024))
      await scenario(`${style}, answer lost`, `saved ${style.replace(' ', '-')} answer-lost`, makeNext, STYLES[style] ?? (() => undefined), {
        route: '/api/create-by-file',
        kind: 'commit-then-drop'
      })
    })
  }
})
