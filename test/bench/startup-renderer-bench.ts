import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { chromium, type Browser, type Page } from 'playwright-core'
import { STARTUP_MARKS } from '../../src-renderer/src/startup/startup-marks'
import { startEmulator } from '../emulator'
import { startTestHost } from '../host/test-host'
import { createMemoryKeychain } from '../support/memory-keychain'
import { writeBenchPdfs } from './queue-bench'

/** The renderer's start in Chromium against the real core, with a library and a queue of `count` each (issue 28). */
export interface StartupRendererNumbers {
  items: number
  jobs: number
  /** Navigation → the opened view (Publish) painted with its first rows, median of the rounds; and its parts. */
  firstViewMs: number
  scriptStartMs: number
  firstPaintMs: number
  /** The same first view in German: its catalog chunk is loaded before the first paint. */
  firstViewGermanMs: number
  /** Navigation → first contentful paint of a blank page from the same server, median of the rounds. */
  blankPaintMs: number
  /** Click on Library (its rows loaded after the first view) → its first rows in the page and laid out, median. */
  libraryVisitMs: number
  /** The same for the Account view, in the same pages. */
  accountVisitMs: number
  /** Click on Library the moment the first view has painted (the rows may still be on their way) → its first rows. */
  libraryAtOnceMs: number
}

const KEY = 'bench-startup-renderer-key'
const ROUNDS = 5
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN

/** The page's globals as these measurements use them (the node project has no DOM types). */
interface PageGlobals {
  document: {
    querySelector(selector: string): { getBoundingClientRect(): unknown } | null
    querySelectorAll(selector: string): ArrayLike<{ textContent: string | null; click(): void }>
  }
  requestAnimationFrame(callback: () => void): number
  __vue_app__?: unknown
}

/** Milliseconds since navigation at which `mark` was set, waiting for it. */
async function markTime(page: Page, mark: string): Promise<number> {
  const handle = await page.waitForFunction((name) => performance.getEntriesByName(name, 'mark')[0]?.startTime, mark, { timeout: 120_000 })
  return (await handle.jsonValue()) ?? Number.NaN
}

/**
 * Clicks the sidebar button named `name` and measures until `selector` is in the page and
 * laid out (the main thread's work, without waiting for a vsync a loaded machine stretches).
 * Polls each frame when the rows are still on their way.
 */
async function visit(page: Page, name: string, selector: string): Promise<number> {
  return page.evaluate(
    async ({ name, selector }) => {
      const view = globalThis as unknown as PageGlobals
      const button = Array.from(view.document.querySelectorAll('nav button')).find((candidate) => candidate.textContent?.trim().startsWith(name))
      if (!button) throw new Error(`no ${name} button`)
      const start = performance.now()
      button.click()
      await new Promise((resolve) => setTimeout(resolve, 0))
      while (!view.document.querySelector(selector)) await new Promise((resolve) => view.requestAnimationFrame(() => resolve(null)))
      view.document.querySelector(selector)?.getBoundingClientRect()
      return performance.now() - start
    },
    { name, selector }
  )
}

/** The library's rows have reached the window (its store says loaded): a later visit only renders. */
async function libraryLoaded(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const view = globalThis as unknown as PageGlobals
      type Root = { __vue_app__?: { config: { globalProperties: { $pinia?: { _s: Map<string, { loaded?: boolean }> } } } } }
      const root = view.document.querySelector('#app') as Root | null
      return root?.__vue_app__?.config.globalProperties.$pinia?._s.get('library')?.loaded === true
    },
    null,
    { timeout: 120_000 }
  )
}

async function freshPage(browser: Browser, locale?: string): Promise<{ page: Page; close(): Promise<void> }> {
  // A new context each round: nothing cached from the round before, as a new window.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...(locale ? { locale } : {}) })
  const page = await context.newPage()
  // tsx keeps function names with an `__name` helper the page does not have.
  await page.addInitScript('globalThis.__name = (fn) => fn')
  return { page, close: () => context.close() }
}

async function blankPaint(browser: Browser, url: string): Promise<number> {
  const { page, close } = await freshPage(browser)
  try {
    await page.route(url, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: '<!doctype html><title>blank</title><p>Starting…</p>' }))
    await page.goto(url)
    const handle = await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime)
    return (await handle.jsonValue()) ?? Number.NaN
  } finally {
    await close()
  }
}

export async function measureStartupRenderer(count: number): Promise<StartupRendererNumbers> {
  const emulator = await startEmulator({ keys: [KEY], seed: count, maxItems: 1_000_000, log: () => {} })
  const userDataDir = await mkdtemp(join(tmpdir(), 'flipdrop-bench-startup-renderer-'))
  await writeFile(join(userDataDir, 'settings.json'), JSON.stringify({ baseUrl: emulator.baseUrl, documentUrl: emulator.documentUrl }))
  const host = await startTestHost({ userDataDir, core: { keychain: createMemoryKeychain() } })
  const pdfs = await writeBenchPdfs(count, 'startup-renderer')
  const browser = await chromium.launch({ executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
  try {
    await host.core.auth.signIn({ apiKey: KEY, sessionOnly: true })
    const synced = await host.core.library.sync()
    if (synced.phase !== 'idle') throw new Error(`the library sync did not finish: ${synced.message ?? ''}`)
    // Paused: the jobs wait in the queue, as after a restart with work left.
    await host.core.uploads.pause()
    const added = await host.core.uploads.enqueuePaths({ paths: [pdfs], docType: 'Flipbook', onSameContent: 'new' })
    if (added.added.length !== count) throw new Error(`queued ${added.added.length} of ${count}: ${added.refused[0]?.reason ?? ''}`)

    const rounds: { view: number; german: number; script: number; paint: number; blank: number; library: number; account: number; atOnce: number }[] = []
    for (let round = 0; round < ROUNDS; round++) {
      const blank = await blankPaint(browser, new URL('/__blank', host.url).href)
      const { page, close } = await freshPage(browser)
      try {
        await page.goto(host.url)
        const view = await markTime(page, STARTUP_MARKS.firstView)
        if ((await page.locator('[data-job-id]').count()) === 0) throw new Error('the first view painted without queue rows')
        const script = await markTime(page, STARTUP_MARKS.scriptStart)
        const paint = await markTime(page, STARTUP_MARKS.firstPaint)
        await libraryLoaded(page)
        const account = await visit(page, 'Account', '.account-view')
        const library = await visit(page, 'Library', '[data-testid="library-entry"]')
        rounds.push({ view, german: Number.NaN, script, paint, blank, library, account, atOnce: Number.NaN })
      } finally {
        await close()
      }
      // A designer whose system speaks German: the window follows navigator.languages.
      const german = await freshPage(browser, 'de-DE')
      try {
        await german.page.goto(host.url)
        const last = rounds.at(-1)
        if (last) last.german = await markTime(german.page, STARTUP_MARKS.firstView)
        if ((await german.page.locator('html[lang^="de"]').count()) === 0) throw new Error('the window did not start in German')
      } finally {
        await german.close()
      }
      // A designer who goes to the Library first thing.
      const hurried = await freshPage(browser)
      try {
        await hurried.page.goto(host.url)
        await markTime(hurried.page, STARTUP_MARKS.firstView)
        const atOnce = await visit(hurried.page, 'Library', '[data-testid="library-entry"]')
        const last = rounds.at(-1)
        if (last) last.atOnce = atOnce
      } finally {
        await hurried.close()
      }
    }
    return {
      items: host.core.library.snapshot().items.length,
      jobs: host.core.uploads.list().jobs.length,
      firstViewMs: median(rounds.map((round) => round.view)),
      firstViewGermanMs: median(rounds.map((round) => round.german)),
      scriptStartMs: median(rounds.map((round) => round.script)),
      firstPaintMs: median(rounds.map((round) => round.paint)),
      blankPaintMs: median(rounds.map((round) => round.blank)),
      libraryVisitMs: median(rounds.map((round) => round.library)),
      accountVisitMs: median(rounds.map((round) => round.account)),
      libraryAtOnceMs: median(rounds.map((round) => round.atOnce))
    }
  } finally {
    await browser.close()
    await host.close()
    await emulator.close()
    await rm(userDataDir, { recursive: true, force: true })
    await rm(dirname(pdfs), { recursive: true, force: true })
  }
}
