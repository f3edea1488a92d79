import { mkdtempSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import type { ReadersSummary, WeekTrend } from '../../src-shared/domain/readers'
import type { TestHost } from '../host/test-host'
import { expect, test } from './fixtures'
import { LibraryPage } from './pages/library-page'
import { snapshotBoth } from './support/snapshot-both'
import { outsideTestBudget, screenshotPath } from './support/screenshots'

/*
 * Issue 32 in the library: the last 7 days of readers' numbers, from the history FlipDrop kept
 * (four months seeded as the real core keeps them, a gap and one rising item; the first sync
 * adds today's). What the window shows is checked against the real core's own summary.
 */
test.use({ signedIn: true, readersHistoryDays: 120, viewport: { width: 1280, height: 800 } })

const saveDir = mkdtempSync(join(tmpdir(), 'flipdrop-e2e-readers-'))
const gain = new Intl.NumberFormat('en-US', { signDisplay: 'exceptZero' })
/** What a 7-day cell says: "+124", "0", or the dash of a week not counted. */
const cellText = (value: number | null): string => (value === null ? '—Not counted yet' : gain.format(value))

/** The core's summary once the first sync has added today's counts (some item gained something). */
async function summaryAfterSync(host: TestHost): Promise<ReadersSummary> {
  let summary: ReadersSummary | null = null
  await expect
    .poll(async () => {
      summary = await host.core.readers.summary()
      return Object.values(summary.week).some((trend) => (trend.views ?? 0) > 0)
    }, { timeout: 30_000 })
    .toBe(true)
  if (!summary) throw new Error('the core has a summary')
  return summary
}

async function openLibrary(page: Page, app: { goTo: (view: 'library') => Promise<void> }, host: TestHost) {
  const library = new LibraryPage(page)
  await app.goTo('library')
  await expect(library.syncStatus).toContainText('Last synced', { timeout: 30_000 })
  return { library, summary: await summaryAfterSync(host) }
}

/** Keys in list order, largest first (or smallest), a week not counted last either way, ties by name as the library breaks them. */
function ordered(summary: ReadersSummary, read: (trend: WeekTrend) => number | null, largest: boolean): [string, number | null][] {
  return Object.entries(summary.week)
    .map(([key, trend]): [string, number | null] => [key, read(trend)])
    .sort(([, a], [, b]) => (a === null || b === null ? (a === b ? 0 : a === null ? 1 : -1) : largest ? b - a : a - b))
}

async function rowKeys(rows: Locator): Promise<(string | null)[]> {
  return rows.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-key')))
}

test('the list shows the last 7 days as the core counted them, sorts by them both ways, and filters Rising (an empty Rising list says why)', async ({ app, host, page }) => {
  test.setTimeout(120_000)
  const { library, summary } = await openLibrary(page, app, host)
  await expect(page.getByTestId('readers-since')).toHaveText(/^FlipDrop has counted readers since [A-Z][a-z]{2} \d{1,2}, \d{4}$/)
  await library.showAs('List')
  await expect(library.table).toBeVisible()
  const header = library.columnHeader('Views, last 7 days')
  await expect(header).toBeVisible()
  await expect(library.columnHeader('Leads, last 7 days')).toBeVisible()

  // Largest first on the first click, then the other way; the top rows are the core's, number for number.
  for (const [order, largest] of [['descending', true], ['ascending', false]] as const) {
    await library.sortByColumn('Views, last 7 days', order)
    await expect(header).toHaveAttribute('aria-sort', order)
    const expected = ordered(summary, (trend) => trend.views, largest)
    for (const position of [1, 2, 3]) {
      const row = await library.row(position)
      const value = expected[position - 1]?.[1] ?? null
      await expect(library.cell(row, 'Views, last 7 days')).toHaveText(cellText(value))
      // Ties are broken by name: the row holds one of the items with that number.
      const key = await row.getAttribute('data-key')
      expect(summary.week[key ?? '']?.views ?? null).toBe(value)
    }
  }
  // Every item the core counted this week shows its own numbers, the leads too.
  const rows = library.table.locator('[role="row"][data-key]')
  for (const key of (await rowKeys(rows)).slice(0, 12)) {
    const row = library.table.locator(`[data-key="${key ?? ''}"]`)
    const trend = summary.week[key ?? ''] ?? null
    await expect(library.cell(row, 'Views, last 7 days')).toHaveText(cellText(trend?.views ?? null))
    await expect(library.cell(row, 'Leads, last 7 days')).toHaveText(cellText(trend?.leads ?? null))
  }

  // Rising: only the items the core marks rising (the seed's most viewed one got most of its views this week).
  const rising = Object.entries(summary.week).filter(([, trend]) => trend.rising).map(([key]) => key)
  expect(rising.length).toBeGreaterThan(0)
  const toggle = page.getByRole('button', { name: 'Rising', exact: true })
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-pressed', 'true')
  await expect(library.entries).toHaveCount(rising.length)
  await expect(library.summary).toHaveText(rising.length === 1 ? '1 rising item' : `${String(rising.length)} rising items`)
  expect((await rowKeys(library.entries)).sort()).toEqual([...rising].sort())
  await expect(library.cell(library.entries.first(), 'Views, last 7 days').getByRole('img', { name: /^Rising/ })).toBeVisible()
  await outsideTestBudget(async () => {
    for (const [width, height] of [[1280, 800], [1024, 700]] as const) {
      await page.setViewportSize({ width, height })
      await snapshotBoth(page, `library-trends-rising-${width}x${height}`)
    }
  })
  await page.setViewportSize({ width: 1280, height: 800 })

  // In a folder where nothing rises, the empty list says so in a designer's words, and since when FlipDrop counts.
  const risingFolders = new Set(await library.entries.locator('.cell-folder').allInnerTexts())
  const folders = page.getByRole('list', { name: 'Library folders' }).getByRole('button')
  const quietFolder = (await folders.allInnerTexts()).map((text) => text.split('\n')[0]?.trim() ?? '').find((name) => name !== '' && !risingFolders.has(name))
  if (!quietFolder) throw new Error('the seed has a folder without the rising item')
  await folders.filter({ hasText: quietFolder }).first().click()
  const empty = page.getByTestId('empty-library')
  await expect(empty.getByRole('heading')).toHaveText('Nothing is rising this week')
  await expect(library.summary).toHaveText(`0 rising items in ${quietFolder}`)
  await expect(empty).toContainText('Rising shows items whose views this week are well above their weeks before.')
  await expect(empty).toContainText(/FlipDrop has counted readers since [A-Z][a-z]{2} \d{1,2}, \d{4}/)
  await snapshotBoth(page, 'library-trends-rising-none-1280x800')
  await empty.getByRole('button', { name: 'Show all items' }).click()
  await expect(toggle).toHaveAttribute('aria-pressed', 'false')
  await expect(library.summary).toHaveText(new RegExp(`^\\d+ items in ${quietFolder}$`))
  await page.getByRole('button', { name: 'Show all', exact: true }).click()
  await toggle.click()

  // A search with Rising on that finds nothing says what matched nothing; clearing it shows every item again.
  await library.search.fill('zzqx')
  await expect(page.getByTestId('empty-library')).toContainText('Nothing matches “zzqx”')
  await page.getByTestId('empty-library').getByRole('button').click()
  await expect(toggle).toHaveAttribute('aria-pressed', 'false')
  await expect(library.summary).toHaveText(/^\d+ items$/)
})

test('the Sort menu orders both views by this week; the cards say "+N views this week"; the list fits at 1024×700', async ({ app, host, page }) => {
  test.setTimeout(180_000)
  const { library, summary } = await openLibrary(page, app, host)
  await library.showAs('Grid')
  await library.sortBy('Most views this week')
  const [top] = ordered(summary, (trend) => trend.views, true)
  if (!top) throw new Error('the core counted some item this week')
  const first = library.entries.first()
  await expect(first).toHaveAttribute('data-key', top[0])
  const trend = summary.week[top[0]]
  const views = `+${(top[1] ?? 0).toLocaleString('en-US')} views`
  const leads = (trend?.leads ?? 0) > 0 ? `, +${String(trend?.leads)} lead${trend?.leads === 1 ? '' : 's'}` : ''
  // A card of this width says the views; its tooltip and what a screen reader hears after its name say both.
  await expect(first.getByTestId('tile-gains')).toHaveText(`${views} this week`, { useInnerText: true })
  await expect(first.getByTestId('tile-gains')).toHaveAttribute('title', `${views}${leads} this week`)
  await expect(first).toHaveAccessibleDescription(`${views}${leads} this week`)

  for (const [width, height] of [[1280, 800], [1024, 700]] as const) {
    await page.setViewportSize({ width, height })
    await library.showAs('Grid')
    await expect(first.getByTestId('tile-gains')).toBeVisible()
    await snapshotBoth(page, `library-trends-grid-${width}x${height}`)
    await library.showAs('List')
    await expect(library.columnHeader('Views, last 7 days')).toBeVisible()
    // No sideways scroll: the table fits its scroller; the toolbar stays one row.
    const fits = await library.scroller.evaluate((element) => element.scrollWidth <= element.clientWidth)
    expect(fits).toBe(true)
    // Centred in one row: the controls' middles within a few pixels of each other.
    const middles = await page.locator('.library-toolbar > *').evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect()).map((box) => box.top + box.height / 2))
    expect(Math.max(...middles) - Math.min(...middles)).toBeLessThan(4)
    await snapshotBoth(page, `library-trends-list-${width}x${height}`)
  }
  // At 1024 px the 7-day headers are short, their full words the name a screen reader hears.
  await expect(library.columnHeader('Views, last 7 days')).toHaveText('7-day views', { useInnerText: true })
  await expect(library.columnHeader('Leads, last 7 days')).toHaveText('7-day leads', { useInnerText: true })
})

test('Export readers\' numbers (CSV): a selection from its bar, the whole library from the "⋯" menu, "Show in folder"; cancelled says nothing', async ({ app, host, page }) => {
  test.setTimeout(90_000)
  const { library } = await openLibrary(page, app, host)
  await library.showAs('List')
  const first = await library.row(1)
  const third = await library.row(3)
  const keys = [await first.getAttribute('data-key'), await library.row(2).then((row) => row.getAttribute('data-key')), await third.getAttribute('data-key')]
  await first.click()
  await third.click({ modifiers: ['Shift'] })
  const bar = page.getByRole('region', { name: 'Selected items' })
  await expect(bar).toContainText('3 selected')
  // The bar with its three actions, in the narrower window too.
  await outsideTestBudget(async () => {
    await snapshotBoth(page, 'library-trends-selection-1280x800')
    await page.setViewportSize({ width: 1024, height: 700 })
    await snapshotBoth(page, 'library-trends-selection-1024x700')
    await page.setViewportSize({ width: 1280, height: 800 })
  })

  const chosen = join(saveDir, 'chosen.csv')
  host.saveNext(chosen)
  await bar.getByRole('button', { name: 'Export readers’ numbers (CSV)…' }).click()
  const toast = page.getByTestId('toast').filter({ hasText: 'Saved readers’ numbers of 3 items to chosen.csv.' })
  await expect(toast).toBeVisible({ timeout: 15_000 })
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    await toast.screenshot({ path: screenshotPath(`library-trends-export-saved-${colorScheme}.png`) })
  }
  const csv = (await readFile(chosen, 'utf8')).replace(/^\uFEFF/, '').trim().split('\r\n')
  expect(csv[0]).toBe('Time,ID,Kind,Name,Link,Views,Leads,Sales,Approvals')
  const exported = new Set(csv.slice(1).map((line) => `${line.split(',')[2] ?? ''}:${line.split(',')[1] ?? ''}`))
  expect([...exported].sort()).toEqual([...keys].sort())
  // Dates in ISO 8601 with the time of day.
  expect(csv.slice(1).every((line) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z,/.test(line))).toBe(true)
  await toast.getByRole('button', { name: /^Show in folder/ }).click()
  await expect.poll(() => host.shownInFolder).toEqual([chosen])

  // Cancelled: no toast, no file.
  host.saveNext(null)
  await bar.getByRole('button', { name: 'Export readers’ numbers (CSV)…' }).click()
  await page.waitForTimeout(500)
  await expect(page.getByTestId('toast').filter({ hasText: 'Saved readers’' })).toHaveCount(0)

  // The whole library, from the "⋯" beside the title.
  await page.keyboard.press('Escape')
  const everything = join(saveDir, 'everything.csv')
  host.saveNext(everything)
  await page.getByRole('button', { name: 'More library actions' }).click()
  await page.getByRole('menuitem', { name: 'Export readers’ numbers (CSV)…' }).click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Saved your library’s readers’ numbers to everything.csv.' })).toBeVisible({ timeout: 15_000 })
  const all = (await readFile(everything, 'utf8')).trim().split('\r\n').slice(1)
  const items = new Set(all.map((line) => line.split(',')[1]))
  expect(items.size).toBeGreaterThan(3)
  expect(all.length).toBeGreaterThan(csv.length)
})
