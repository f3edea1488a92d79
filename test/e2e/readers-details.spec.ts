import { expect, test } from './fixtures'
import { LibraryPage } from './pages/library-page'
import { snapshotLaptop } from './support/snapshot-laptop'

/*
 * Readers' numbers in an item's details (issue 32), in real Chromium against the real core,
 * whose history was kept for 60 days before the test (with a three-day gap): the chart, its
 * ranges, exact numbers by mouse and by keyboard, the table for screen readers; Settings.
 * Pictures light and dark at 1280×800 and 1024×700, each scanned by axe.
 */

test.use({ signedIn: true, readersHistoryDays: 60 })

test('an item’s readers: days with gaps, exact numbers by hover and keys, weeks for all of it', async ({ app, emulator, page }) => {
  test.setTimeout(120_000)
  const library = new LibraryPage(page)
  // The most viewed flipbook: the history makes it rise this week.
  const item = [...emulator.state.items.values()].filter((entry) => entry.docType === 'Flipbook' && !entry.isTemplate).sort((a, b) => b.views - a.views)[0]
  if (!item) throw new Error('the seed has a flipbook')
  await expect(app.ready).toBeVisible()
  await page.locator('nav [data-view="library"]').click()
  await page.getByRole('searchbox').fill(item.name)
  await library.entry(item.name).first().click()
  const chart = library.details.getByTestId('readers-chart')
  await expect(chart.getByTestId('readers-plot')).toBeVisible({ timeout: 15_000 })
  // 30 days by default: the three days the computer was off are gaps, drawn as such.
  await expect(chart.locator('.readers-bar')).toHaveCount(30)
  await expect(chart.locator('.readers-bar[data-gap]')).toHaveCount(3)
  await expect(chart.getByTestId('readers-since')).toContainText('FlipDrop has counted since')

  // The keyboard: focus starts on today, arrows move day by day.
  await chart.getByTestId('readers-plot').focus()
  const tip = chart.getByTestId('readers-tip')
  await expect(tip).toContainText(/\+[\d,]+ views?/)
  await expect(tip).toContainText('In all: views')
  await page.keyboard.press('Home')
  const firstDay = await tip.locator('strong').textContent()
  await page.keyboard.press('ArrowRight')
  await expect(tip.locator('strong')).not.toHaveText(firstDay ?? '')
  // The mouse: a gap says it was not counted.
  await chart.locator('.readers-bar[data-gap] .readers-hit').first().hover()
  await expect(tip).toContainText('Not counted this day')

  // The same numbers for screen readers, one row per day.
  await expect(chart.getByTestId('readers-table').locator('tbody tr')).toHaveCount(30)
  await expect(chart.getByTestId('readers-table').locator('tbody tr', { hasText: 'Not counted' })).toHaveCount(3)

  await chart.getByTestId('readers-plot').focus()
  await page.keyboard.press('End')
  await chart.scrollIntoViewIfNeeded()
  await snapshotLaptop(page, 'readers-details-30-days')

  // The tip as the mouse shows it, over the newest day.
  await chart.locator('.readers-bar .readers-hit').last().hover()
  await expect(tip).toBeVisible()
  await snapshotLaptop(page, 'readers-details-tip', [{ width: 1280, height: 800 }])

  await chart.getByText('7 days', { exact: true }).click()
  await expect(chart.locator('.readers-bar')).toHaveCount(7)
  await chart.getByText('All', { exact: true }).click()
  await expect(chart.getByTestId('readers-plot')).toHaveAttribute('aria-label', 'Views and leads per week')
  await chart.scrollIntoViewIfNeeded()
  await snapshotLaptop(page, 'readers-details-all')
})

test('Settings → Readers’ numbers: how often to count and new-leads notifications, kept by main', async ({ app, host, page }) => {
  await expect(app.ready).toBeVisible()
  await page.locator('nav [data-view="settings"]').click()
  const section = page.locator('#settings-readers')
  await expect(section.getByRole('heading', { name: 'Readers’ numbers' })).toBeVisible()
  await section.getByLabel('Count views and leads').selectOption('hourly')
  await section.getByRole('switch', { name: 'Tell me about new leads' }).click()
  await expect(section.getByText('Saved.')).toBeVisible()
  await expect.poll(async () => (await host.core.settings.get()).values).toMatchObject({ readersRefresh: 'hourly', readersNotifications: true })
  await section.scrollIntoViewIfNeeded()
  await snapshotLaptop(page, 'readers-settings')
})
