import { open, rename, writeFile } from 'node:fs/promises'
import { setTimeout as sleep } from 'node:timers/promises'
import type { Core } from '../../../../src-main/core/core'
import type { LinksView } from '../../../../src-shared/domain/links'
import { makePdf } from '../../../emulator/fixtures/make-pdf'
import type { RunningEmulator } from '../../../emulator'
import { QUEUE_KEY, startQueueCore, type QueueCore } from '../../../support/queue-fixture'

/** Settling time in tests: a file counts as written after 150 ms without a size change. */
export const LINK_TIMING = { stabilityMs: 150, pollIntervalMs: 50 }

/** A core that watches links, on `dir` (a new data folder without it). */
export function startLinksCore(emulator: RunningEmulator, dir?: string): Promise<QueueCore> {
  return startQueueCore(emulator, { ...(dir ? { dir } : {}), settings: { baseUrl: emulator.baseUrl }, core: { links: { watch: true, ...LINK_TIMING } } })
}

/** Requests the emulator received on a route prefix (e.g. `/api/replace-pdf/`). */
export function requestsTo(emulator: RunningEmulator, prefix: string): number {
  return emulator.state.requests.filter((entry) => entry.path.startsWith(prefix)).length
}

/** Polls until `done()` holds; fails with `what` after `timeoutMs`. */
export async function waitFor(what: string, done: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const started = Date.now()
  while (!(await done())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`)
    await sleep(20)
  }
}

/** Waits until the links view satisfies `done`. */
export async function waitForLinks(core: Core, what: string, done: (view: LinksView) => boolean): Promise<LinksView> {
  await waitFor(what, () => done(core.links.list()))
  return core.links.list()
}

/** A PDF's bytes; `label` makes the content (and hash) differ. */
export function pdfBytes(label: string, pages = 1): Promise<Buffer> {
  // pdf-lib stamps the creation time (to the second): the same label must give the same bytes
  // within a test, or "v1 as published" would not hash like "v1" made again a second later.
  const key = `${label}|${pages}`
  let bytes = made.get(key)
  if (!bytes) {
    bytes = makePdf(pages, label)
    made.set(key, bytes)
  }
  return bytes
}

const made = new Map<string, Promise<Buffer>>()

/** Writes `bytes` to `path` in `pieces` writes on one open file, pausing `pauseMs` between them (an export in progress). */
export async function writeInPieces(path: string, bytes: Buffer, pieces: number, pauseMs: number): Promise<void> {
  const handle = await open(path, 'w')
  try {
    const size = Math.ceil(bytes.length / pieces)
    for (let start = 0; start < bytes.length; start += size) {
      await handle.write(bytes.subarray(start, start + size))
      await handle.sync()
      if (start + size < bytes.length) await sleep(pauseMs)
    }
  } finally {
    await handle.close()
  }
}

/** Saves like many editors do: a temporary file beside it, renamed over the original (a new inode). */
export async function saveByRename(path: string, bytes: Buffer): Promise<void> {
  const temp = `${path}.tmp`
  await writeFile(temp, bytes)
  await rename(temp, path)
}

/** The bytes the service serves for an item now (get-pdf, then the storage URL). */
export async function servedPdf(emulator: RunningEmulator, itemId: number): Promise<Buffer> {
  const answer = (await (await fetch(`${emulator.baseUrl}/api/get-pdf/${itemId}`, { headers: { 'X-Api-Key': QUEUE_KEY } })).json()) as { URL: string }
  return Buffer.from(await (await fetch(answer.URL)).arrayBuffer())
}
