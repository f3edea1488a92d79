import { createHash } from 'node:crypto'
import { appendFile, copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { PDFDocument } from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lookAtPdf } from '../../../../src-main/core/links/look-at-pdf'
import { startEmulator, type RunningEmulator } from '../../../emulator'
import { CORPUS_DIR } from '../../../support/pdfjs-corpus'
import { allFinished, QUEUE_KEY, waitForQueue, type QueueCore } from '../../../support/queue-fixture'
import { LINK_TIMING, requestsTo, servedPdf, startLinksCore, waitFor, waitForLinks } from './links-fixture'

/*
 * Linked files and hot folders: "still being written" is decided by the file settling (its
 * size and time unchanged), then by reading it as a reader would; an end marker that is
 * missing or far from the end is no reason on its own.
 */

let emulator: RunningEmulator
let files: string
const cores: QueueCore[] = []

beforeAll(async () => {
  emulator = await startEmulator({ keys: [QUEUE_KEY], log: () => {} })
  files = await mkdtemp(join(tmpdir(), 'flipdrop-links-settling-'))
})
afterAll(async () => {
  for (const { core } of cores) await core.close().catch(() => {})
  await emulator.close()
  await rm(files, { recursive: true, force: true })
})

const sha = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex')
const QUIET_MS = LINK_TIMING.stabilityMs * 5

async function linksCore(): Promise<QueueCore> {
  const started = await startLinksCore(emulator)
  cores.push(started)
  return started
}

/** A PDF with a cross-reference table and `pages` pages (pdf-lib, no object streams). */
async function plainPdf(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create()
  for (let i = 0; i < pages; i++) doc.addPage([300, 300])
  return Buffer.from(await doc.save({ useObjectStreams: false }))
}

/**
 * An incremental update of `base` (as editors save): a new page tree keeping only its first
 * page, 300 filler objects, and a table and trailer pointing back at the old one. While it is
 * half appended, the file still holds the old version complete, which readers open.
 */
function incrementalUpdate(base: Buffer): Buffer {
  const text = base.toString('latin1')
  const previous = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)?.[1] ?? '0'
  const size = Number(/\/Size (\d+)/.exec(text)?.[1])
  const root = /\/Root (\d+ \d+ R)/.exec(text)?.[1] ?? ''
  const pagesNum = Number(/(\d+) 0 obj\s*<<\s*\/Type \/Pages/.exec(text)?.[1])
  const firstPage = /\/Kids \[ ?(\d+ 0 R)/.exec(text)?.[1] ?? ''
  const objects: { num: number; body: string }[] = [{ num: pagesNum, body: `<< /Type /Pages /Kids [${firstPage}] /Count 1 >>` }]
  for (let i = 0; i < 300; i++) objects.push({ num: size + i, body: `(filler ${i.toString()} written by an editor saving in steps)` })
  let update = '\n'
  const entries: string[] = []
  for (const { num, body } of objects) {
    entries.push(`${num.toString()} 1\n${(base.length + update.length).toString().padStart(10, '0')} 00000 n \n`)
    update += `${num.toString()} 0 obj\n${body}\nendobj\n`
  }
  const xrefAt = base.length + update.length
  update += `xref\n${entries.join('')}trailer\n<< /Size ${(size + 300).toString()} /Root ${root} /Prev ${previous} >>\nstartxref\n${xrefAt.toString()}\n%%EOF\n`
  return Buffer.from(update, 'latin1')
}

describe('linked files settle before they are read', () => {
  it('an update appended in steps is not sent half-way, even when looked at mid-save; once settled it is sent once', async () => {
    const { core } = await linksCore()
    const path = join(files, 'brochure.pdf')
    const v1 = await plainPdf(2)
    await writeFile(path, v1)
    const { added } = await core.uploads.enqueuePaths({ paths: [path], docType: 'Flipbook', onSameContent: 'new' })
    const done = await waitForQueue(core, allFinished)
    const itemId = done.jobs.find((job) => job.id === added[0]?.id)?.result?.itemId ?? -1
    const link = await core.links.link({ path, itemId, docType: 'Flipbook' })
    await core.links.pause({ linkId: link.id })
    const update = incrementalUpdate(v1)
    const v2 = Buffer.concat([v1, update])
    const replaces = requestsTo(emulator, '/api/replace-pdf/')

    // Half of the update: a reader opens this (the old version is complete inside it).
    const half = Math.floor(update.length / 2)
    const halfCopy = join(files, 'half-saved-copy.pdf')
    await writeFile(halfCopy, Buffer.concat([v1, update.subarray(0, half)]))
    expect(await lookAtPdf(halfCopy, { stabilityMs: 0 })).toMatchObject({ kind: 'pdf', pages: 2 })
    // Resuming looks at the file at once, while the save goes on in steps shorter than the settling time.
    await appendFile(path, update.subarray(0, half))
    const resumed = core.links.resume({ linkId: link.id })
    for (let at = half; at < update.length; at += 600) {
      await sleep(LINK_TIMING.stabilityMs / 3)
      await appendFile(path, update.subarray(at, Math.min(update.length, at + 600)))
    }
    await resumed
    await waitFor('the replace to finish', () => {
      const view = core.links.list().links.find((entry) => entry.id === link.id)
      return view?.published?.sha256 === sha(v2) && !view.updating
    })
    await sleep(QUIET_MS)
    expect(requestsTo(emulator, '/api/replace-pdf/') - replaces).toBe(1)
    expect((await servedPdf(emulator, itemId)).equals(v2)).toBe(true)
    expect(emulator.state.items.get(itemId)?.pages).toBe(1)
  }, 30_000)
})

describe('hot folders publish what readers open', () => {
  it('publishes a PDF with junk after its end marker once, with its page count on the job', async () => {
    const { core } = await linksCore()
    const folder = join(files, 'scans')
    await mkdir(folder)
    await core.links.addHotFolder({ path: folder, docType: 'Flipbook' })
    const creates = requestsTo(emulator, '/api/create-by-')
    // 11 KB after the last %%EOF: an old "still saving" rule would wait for ever.
    const path = join(folder, 'scan-bad.pdf')
    await copyFile(join(CORPUS_DIR, 'scan-bad.pdf'), path)
    const view = await waitForLinks(core, 'the scan to be published and linked', (links) => links.links.some((entry) => entry.path === path && !entry.updating))
    await sleep(QUIET_MS)
    expect(requestsTo(emulator, '/api/create-by-') - creates).toBe(1)
    const itemId = view.links.find((entry) => entry.path === path)?.itemId ?? -1
    expect((await servedPdf(emulator, itemId)).equals(await readFile(path))).toBe(true)
    expect(core.uploads.list().jobs.find((job) => job.result?.itemId === itemId)?.source).toMatchObject({ type: 'file', fileName: 'scan-bad.pdf', pages: 1 })
  })

  it('does not publish a file readers cannot open, and says why', async () => {
    const { core } = await linksCore()
    const folder = join(files, 'locked')
    await mkdir(folder)
    await core.links.addHotFolder({ path: folder, docType: 'Flipbook' })
    const creates = requestsTo(emulator, '/api/create-by-')
    const path = join(folder, 'protected.pdf')
    await copyFile(join(CORPUS_DIR, 'issue6010_2.pdf'), path)
    const view = await waitForLinks(core, 'the file to be offered with its reason', (links) => links.folders.some((entry) => entry.offered.some((file) => file.path === path && file.note !== null)))
    expect(view.folders[0]?.offered.find((file) => file.path === path)?.note).toContain('protected by a password')
    expect(requestsTo(emulator, '/api/create-by-') - creates).toBe(0)
  })
})
