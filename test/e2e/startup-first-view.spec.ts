import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { E2E_KEY, expect, test } from './fixtures'
import { writeColouredPdf } from './thumbnail-pdfs'
import { STARTUP_MARKS } from '../../src-renderer/src/startup/startup-marks'

/**
 * Nothing the first view does not need is asked for before it shows: the library's rows,
 * linked files, the update check, covers and thumbnails wait until the queue's first rows are
 * on screen, and then do happen.
 */
const DEFERRED = ['library:snapshot', 'links:list', 'app:updates', 'library:cover', 'uploads:readPdfRange']

/**
 * Runs in the page before its scripts: notes when each bridge call is sent (the test host's
 * bridge is a WebSocket) and, every frame, when the first queue row is in the page.
 */
const RECORDER = `
  globalThis.__sent = [];
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    try { const channel = JSON.parse(data).channel; if (channel) globalThis.__sent.push({ channel, at: performance.now() }) } catch {}
    return send.call(this, data);
  };
  const look = () => {
    if (globalThis.__rowsAt === undefined && document.querySelector('[data-job-id]')) globalThis.__rowsAt = performance.now();
    else requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
`

interface Recorded {
  sent: { channel: string; at: number }[]
  rowsAt: number | undefined
  marks: Record<string, number>
}

test('the queue’s first rows show before the library, linked files, updates and thumbnails are asked for', async ({ page, host }) => {
  await host.core.auth.signIn({ apiKey: E2E_KEY, sessionOnly: true })
  const dir = await mkdtemp(join(tmpdir(), 'flipdrop-first-view-'))
  const added = await host.core.uploads.enqueuePaths({ paths: [await writeColouredPdf(dir, 'first.pdf')], docType: 'Flipbook', onSameContent: 'new', hold: true })
  expect(added.refused).toEqual([])
  await page.addInitScript(RECORDER)
  await page.goto(host.url)

  await expect(page.locator('[data-job-id]')).toHaveCount(1)
  // The thumbnail is drawn (its bytes read) and the library arrives, after the first rows.
  await expect(page.getByTestId('job-thumbnail')).toHaveAttribute('data-state', 'ready')
  await page.getByRole('button', { name: 'Library' }).click()
  await expect(page.getByTestId('library-entry').first()).toBeVisible()

  const recorded = await page.evaluate((names): Recorded => {
    const view = globalThis as unknown as { __sent: Recorded['sent']; __rowsAt?: number }
    const marks: Record<string, number> = {}
    for (const name of names) {
      const entry = performance.getEntriesByName(name, 'mark')[0]
      if (entry) marks[name] = entry.startTime
    }
    return { sent: view.__sent, rowsAt: view.__rowsAt, marks }
  }, Object.values(STARTUP_MARKS))

  const rowsAt = recorded.rowsAt ?? Number.NaN
  const early = recorded.sent.filter((call) => DEFERRED.includes(call.channel) && !(call.at > rowsAt))
  expect(early).toEqual([])
  for (const channel of ['library:snapshot', 'links:list', 'app:updates', 'uploads:readPdfRange']) {
    expect(recorded.sent.map((call) => call.channel)).toContain(channel)
  }
  // The marks are in order: script, first paint, the first view painted (after its rows were in the page).
  const script = recorded.marks[STARTUP_MARKS.scriptStart] ?? Number.NaN
  const paint = recorded.marks[STARTUP_MARKS.firstPaint] ?? Number.NaN
  const view = recorded.marks[STARTUP_MARKS.firstView] ?? Number.NaN
  expect(script).toBeLessThanOrEqual(paint)
  expect(paint).toBeLessThanOrEqual(view)
  expect(view).toBeGreaterThanOrEqual(rowsAt)
})
