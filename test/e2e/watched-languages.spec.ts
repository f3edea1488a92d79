import { mkdtempSync } from 'node:fs'
import { rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { makePdf } from '../emulator/fixtures/make-pdf'
import { expect, test } from './fixtures'
import { snapshotLaptop } from './support/snapshot-laptop'

/* What the core says about a linked file reads in the window's language; the file's name stays as it is. */

const dropDir = mkdtempSync(join(tmpdir(), 'flipdrop-e2e-watched-languages-'))
// Files settle after 150 ms here (1 s in the app), so a deletion is noticed quickly.
test.use({ signedIn: true, hostOptions: { dropDir, core: { links: { stabilityMs: 150, pollIntervalMs: 50 } } }, emulatorOptions: { seed: 3 } })

test('a linked file moved away says so in German, by its own name', async ({ app, host, page }) => {
  test.setTimeout(60_000)
  const path = join(dropDir, 'price-list.pdf')
  await writeFile(path, await makePdf(1, 'price list v1'))
  await expect(app.heading('publish')).toBeAttached()
  const { added } = await host.core.uploads.enqueuePaths({ paths: [path], docType: 'Flipbook', onSameContent: 'ask' })
  const jobId = added[0]?.id ?? ''
  await expect.poll(() => host.core.uploads.list().jobs.find((job) => job.id === jobId)?.state, { timeout: 15_000 }).toBe('done')
  await host.core.links.linkJob({ jobId })

  // As Settings → Language saves it: the window follows at once.
  await host.core.settings.update({ language: 'de' })
  await expect(page.locator('html')).toHaveAttribute('lang', 'de')
  await page.locator('nav [data-view="watched"]').click()
  await rm(path)
  const row = page.getByRole('listitem').filter({ hasText: 'price-list' })
  await expect(row.locator('.watched-message:not([data-state])')).toHaveText(
    'price-list.pdf wurde verschoben oder gelöscht. Die Veröffentlichung bleibt bestehen; die Verknüpfung wartet, bis die Datei wieder da ist.',
    { timeout: 15_000 }
  )
  await expect(row).not.toContainText('was moved or deleted')
  await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 15_000 })
  await snapshotLaptop(page, 'language-de-watched-link-missing')
})
