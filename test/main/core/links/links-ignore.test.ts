import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from '../../../emulator'
import { QUEUE_KEY, type QueueCore } from '../../../support/queue-fixture'
import { LINK_TIMING, pdfBytes, requestsTo, saveByRename, startLinksCore, waitForLinks } from './links-fixture'

let emulator: RunningEmulator
let files: string
const cores: QueueCore[] = []

beforeAll(async () => {
  emulator = await startEmulator({ keys: [QUEUE_KEY], log: () => {} })
  files = await mkdtemp(join(tmpdir(), 'flipdrop-links-ignore-'))
})
afterAll(async () => {
  for (const { core } of cores) await core.close().catch(() => {})
  await emulator.close()
  await rm(files, { recursive: true, force: true })
})

const CREATE = '/api/create-by-'
/** Several settling periods: anything the watcher would do has been done. */
const QUIET_MS = LINK_TIMING.stabilityMs * 5

async function linksCore(dir?: string): Promise<QueueCore> {
  const started = await startLinksCore(emulator, dir)
  cores.push(started)
  return started
}

describe('offered files of a hot folder', () => {
  it('an ignored file is no longer offered and never published: not when saved again, not after a restart', async () => {
    const first = await linksCore()
    const folder = join(files, 'hot')
    await mkdir(folder)
    const ignored = join(folder, 'Existing brochure.pdf')
    await writeFile(ignored, await pdfBytes('already there'))
    await writeFile(join(folder, 'Kept offer.pdf'), await pdfBytes('also there'))
    const added = await first.core.links.addHotFolder({ path: folder, docType: 'Flipbook' })
    const folderId = added.folders[0]?.id ?? ''
    const creates = requestsTo(emulator, CREATE)

    const after = await first.core.links.ignoreOffered({ folderId, paths: [ignored] })
    expect(after.folders[0]?.offered.map((file) => file.fileName)).toEqual(['Kept offer.pdf'])
    await saveByRename(ignored, await pdfBytes('saved again', 2))
    await sleep(QUIET_MS)
    expect(requestsTo(emulator, CREATE)).toBe(creates)

    // A restart looks at every watched folder again: the ignored file stays ignored.
    await first.core.close()
    const second = await linksCore(first.dir)
    await waitForLinks(second.core, 'the folder to be watched again', (view) => view.folders.length === 1 && view.watching)
    await sleep(QUIET_MS)
    expect(requestsTo(emulator, CREATE)).toBe(creates)
    expect(second.core.links.list().folders[0]?.offered.map((file) => file.fileName)).toEqual(['Kept offer.pdf'])
    // A file that is not offered cannot be ignored.
    await expect(second.core.links.ignoreOffered({ folderId, paths: [join(folder, 'nothing.pdf')] })).rejects.toMatchObject({ code: 'not-found' })
  })
})
