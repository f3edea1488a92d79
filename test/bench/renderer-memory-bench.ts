import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Page } from 'playwright-core'
import { VIEWS, type View } from '../../src-shared/domain/views'
import { VIEW_TITLES } from '../support/view-titles'
import { startEmulator } from '../emulator'
import { startTestHost } from '../host/test-host'
import { createMemoryKeychain } from '../support/memory-keychain'

const KEY = 'bench-renderer-memory'
const MIB = 1024 * 1024

/** What the page holds after GC: its JS heap, and Blink's count of DOM nodes and JS event listeners. */
export interface PageMemory {
  heapMiB: number
  nodes: number
  listeners: number
}

/** The renderer's memory after GC at each point of the run. */
export interface RendererMemory {
  items: number
  /** The library shown with every item synced. */
  library: PageMemory
  /** After one visit to every view (each view's code and first data loaded once), back on the library. */
  afterOneRound: PageMemory
  /** After `rounds` visits to every view, back on the library. */
  afterRounds: PageMemory
  rounds: number
  /** A blank page in the same browser: Chromium's own floor. */
  blank: PageMemory
}

/** The page's memory after a full GC, through the DevTools protocol. */
export async function collectedPageMemory(page: Page): Promise<PageMemory> {
  const cdp = await page.context().newCDPSession(page)
  try {
    // Twice: the first pass runs finalizers (WeakRefs, FinalizationRegistry) whose garbage the second frees.
    await cdp.send('HeapProfiler.collectGarbage')
    await cdp.send('HeapProfiler.collectGarbage')
    const { usedSize } = await cdp.send('Runtime.getHeapUsage')
    const counters = await cdp.send('Memory.getDOMCounters')
    return { heapMiB: usedSize / MIB, nodes: counters.nodes, listeners: counters.jsEventListeners }
  } finally {
    await cdp.detach()
  }
}

/** Opens a view from the sidebar and waits until its heading is there (the library: its first rows too). */
async function visit(page: Page, view: View): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: VIEW_TITLES[view], exact: false }).first().click()
  await page.getByRole('heading', { level: 1, name: VIEW_TITLES[view] }).waitFor()
  if (view === 'library') await page.getByTestId('library-entry').first().waitFor()
}

/**
 * The built renderer through the test host, in headless Chromium, signed in to an account
 * with `items` items: its memory with the library shown, after one visit to every view, and
 * after `rounds` visits. The first round loads what loads once (each view's code and first
 * data, the audio element's controls); growth after it is what a window left open all week gains.
 */
export async function measureRendererMemory(items: number, rounds: number): Promise<RendererMemory> {
  const emulator = await startEmulator({ keys: [KEY], seed: items, rateLimit: { limit: 100_000, windowSeconds: 60 }, log: () => {} })
  const userDataDir = await mkdtemp(join(tmpdir(), 'flipdrop-bench-renderer-memory-'))
  await writeFile(join(userDataDir, 'settings.json'), JSON.stringify({ baseUrl: emulator.baseUrl, documentUrl: emulator.documentUrl }))
  const host = await startTestHost({ userDataDir, core: { keychain: createMemoryKeychain() } })
  const browser = await chromium.launch({ executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
  try {
    await host.core.auth.signIn({ apiKey: KEY, sessionOnly: true })
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    const blank = await collectedPageMemory(page)
    await page.goto(host.url)
    await visit(page, 'library')
    await page.getByTestId('sync-status').getByText('Last synced').waitFor({ timeout: 120_000 })
    const library = await collectedPageMemory(page)
    const round = async (): Promise<void> => {
      for (const view of VIEWS) await visit(page, view)
      await visit(page, 'library')
    }
    await round()
    const afterOneRound = await collectedPageMemory(page)
    for (let done = 1; done < rounds; done++) await round()
    const afterRounds = await collectedPageMemory(page)
    return { items: emulator.state.items.size, library, afterOneRound, afterRounds, rounds, blank }
  } finally {
    await browser.close()
    await host.close()
    await emulator.close()
    await rm(userDataDir, { recursive: true, force: true })
  }
}
