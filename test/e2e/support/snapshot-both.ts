import type { Page } from '@playwright/test'
import { expect } from '../fixtures'
import { seriousFindings, settled } from './a11y'
import { outsideTestBudget, screenshotPath } from './screenshots'

/** Screenshots the page in light and dark (test-artifacts/screenshots) and scans each with axe. */
export async function snapshotBoth(page: Page, name: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    const findings = await outsideTestBudget(async () => {
      // A picture and a scan of a settled page: nothing mid-way through a Vue enter or leave
      // transition (a toast fading out is half-transparent: axe would judge its contrast).
      await settled(page)
      await page.screenshot({ path: screenshotPath(`${name}-${colorScheme}.png`), fullPage: true })
      return seriousFindings(page)
    })
    expect(findings, `axe, ${colorScheme}`).toEqual([])
  }
}
