import { writeFile } from 'node:fs/promises'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Page } from 'playwright-core'
import { startEmulator } from '../emulator'
import { startTestHost } from '../host/test-host'
import { createMemoryKeychain } from '../support/memory-keychain'

/** What the library view costs in real Chromium at 10,000 items (issue 12 targets). */
export interface LibraryUiNumbers {
  items: number
  /** Data in the store → grid rendered and laid out, median of 5; and the same for an empty library. */
  renderMs: number
  emptyRenderMs: number
  /** Frames per second while scrolling the grid, and an idle page's frame rate in the same run. */
  scrollFps: number
  idleFps: number
  /** One keystroke in the search box → results rendered and laid out, median of 8; and a bare Array.filter of the names. */
  searchMs: number
  bareFilterMs: number
  /** JS heap after GC with the library loaded, and with it emptied. */
  heapMiB: number
  emptyHeapMiB: number
}

const KEY = 'bench-library-key'

type LibraryStore = { byKey: Map<string, unknown>; load(): Promise<void>; setSearch(text: string): void }
/**
 * The page's globals as these measurements use them. The node project has no DOM types, and
 * each function below runs in the page (serialized by Playwright), so each one casts globalThis.
 */
interface PageGlobals {
  document: { querySelector(selector: string): { scrollTop: number; getBoundingClientRect(): unknown } | null }
  requestAnimationFrame(callback: () => void): number
  __bench?: { store: LibraryStore }
  flipdrop: { library: { snapshot(): Promise<{ ok: true; value: { items: { key: string }[] } } | { ok: false; error: { message: string } }> } }
}

/** Finds the library store through the app's Pinia (the bench drives it the way the view does). */
async function exposeStore(page: Page): Promise<void> {
  await page.evaluate(() => {
    const view = globalThis as unknown as PageGlobals
    type Root = { __vue_app__?: { config: { globalProperties: { $pinia?: { _s: Map<string, unknown> } } } } }
    const pinia = (view.document.querySelector('#app') as Root | null)?.__vue_app__?.config.globalProperties.$pinia
    const store = pinia?._s.get('library') as LibraryStore | undefined
    if (!store) throw new Error('no library store')
    view.__bench = { store }
  })
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

/**
 * Sets the rows as main's snapshot answer would, and measures until Vue has rendered them and
 * the browser has laid them out (a forced layout after Vue's flush): the main thread's work,
 * without waiting for the next vsync, which a loaded machine stretches.
 */
async function renderOnce(page: Page, withItems: boolean): Promise<number> {
  return page.evaluate(async (full) => {
    const view = globalThis as unknown as PageGlobals
    const store = view.__bench?.store
    if (!store) throw new Error('no store')
    const reply = await view.flipdrop.library.snapshot()
    if (!reply.ok) throw new Error(reply.error.message)
    store.byKey = new Map()
    await new Promise((resolve) => setTimeout(resolve, 50))
    const rows = full ? reply.value.items : []
    const start = performance.now()
    store.byKey = new Map(rows.map((item) => [item.key, item]))
    await new Promise((resolve) => setTimeout(resolve, 0))
    view.document.querySelector('body')?.getBoundingClientRect()
    return performance.now() - start
  }, withItems)
}

async function framesPerSecond(page: Page, scroll: boolean): Promise<number> {
  return page.evaluate(async (scrolling) => {
    const view = globalThis as unknown as PageGlobals
    const scroller = view.document.querySelector('[data-testid="library-scroller"]')
    let frames = 0
    const start = performance.now()
    await new Promise<void>((resolve) => {
      const step = (): void => {
        frames++
        if (scrolling && scroller) scroller.scrollTop += 180
        if (performance.now() - start < 2000) view.requestAnimationFrame(step)
        else resolve()
      }
      view.requestAnimationFrame(step)
    })
    return (frames * 1000) / (performance.now() - start)
  }, scroll)
}

async function searchKeystrokes(page: Page): Promise<{ searchMs: number; bareFilterMs: number }> {
  return page.evaluate(async () => {
    const view = globalThis as unknown as PageGlobals
    const store = view.__bench?.store
    if (!store) throw new Error('no store')
    const text = 'catalogue spring'
    const times: number[] = []
    for (let length = 1; length <= 8; length++) {
      await new Promise((resolve) => setTimeout(resolve, 20))
      const start = performance.now()
      store.setSearch(text.slice(0, length))
      // Vue's flush, then the layout of the results: what stands between a keystroke and its frame.
      await new Promise((resolve) => setTimeout(resolve, 0))
      view.document.querySelector('body')?.getBoundingClientRect()
      times.push(performance.now() - start)
    }
    store.setSearch('')
    const names = [...store.byKey.values()].map((item) => String((item as { name: string | null }).name ?? '').toLowerCase())
    const bare: number[] = []
    for (let length = 1; length <= 8; length++) {
      const start = performance.now()
      names.filter((name) => name.includes(text.slice(0, length)))
      bare.push(performance.now() - start)
    }
    const middle = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0
    return { searchMs: middle(times), bareFilterMs: middle(bare) }
  })
}

async function heapMiB(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('HeapProfiler.collectGarbage')
  const { usedSize } = await cdp.send('Runtime.getHeapUsage')
  await cdp.detach()
  return usedSize / 1024 / 1024
}

export async function measureLibraryUi(count: number): Promise<LibraryUiNumbers> {
  const emulator = await startEmulator({ keys: [KEY], seed: count, log: () => {} })
  const userDataDir = await mkdtemp(join(tmpdir(), 'flipdrop-bench-library-'))
  await writeFile(join(userDataDir, 'settings.json'), JSON.stringify({ baseUrl: emulator.baseUrl, documentUrl: emulator.documentUrl }))
  const host = await startTestHost({ userDataDir, core: { keychain: createMemoryKeychain() } })
  const browser = await chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu']
  })
  try {
    await host.core.auth.signIn({ apiKey: KEY, sessionOnly: true })
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    // tsx keeps function names with an `__name` helper the page does not have.
    await page.addInitScript('globalThis.__name = (fn) => fn')
    await page.goto(host.url)
    await page.getByRole('button', { name: 'Library' }).click()
    await page.getByTestId('sync-status').getByText('Last synced').waitFor({ timeout: 120_000 })
    await exposeStore(page)

    const empty: number[] = []
    const full: number[] = []
    for (let round = 0; round < 5; round++) {
      empty.push(await renderOnce(page, false))
      full.push(await renderOnce(page, true))
    }
    const idleFps = await framesPerSecond(page, false)
    const scrollFps = await framesPerSecond(page, true)
    const search = await searchKeystrokes(page)
    const heapFull = await heapMiB(page)
    await page.evaluate(() => {
      const view = globalThis as unknown as PageGlobals
      if (view.__bench) view.__bench.store.byKey = new Map()
    })
    const heapEmpty = await heapMiB(page)
    return {
      items: emulator.state.items.size,
      renderMs: median(full),
      emptyRenderMs: median(empty),
      scrollFps,
      idleFps,
      ...search,
      heapMiB: heapFull,
      emptyHeapMiB: heapEmpty
    }
  } finally {
    await browser.close()
    await host.close()
    await emulator.close()
    await rm(userDataDir, { recursive: true, force: true })
  }
}
