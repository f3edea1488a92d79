import type { Locator } from '@playwright/test'
import { expect } from '../fixtures'
import { outsideTestBudget } from './screenshots'
import { snapshotBoth } from './snapshot-both'
import { LAPTOP_SIZES, MINIMUM_SIZE, snapshotLaptop } from './snapshot-laptop'

/**
 * A part of a view at every size (snapshotLaptop's laptop sizes, then the window's minimum):
 * at the minimum only `part` is held to "nothing scrolls sideways", for a view whose other
 * parts another change makes fit (issue 29's toolbar); pictures and axe as everywhere.
 */
export async function snapshotPart(part: Locator, name: string): Promise<void> {
  const page = part.page()
  await snapshotLaptop(page, name, LAPTOP_SIZES)
  await outsideTestBudget(async () => {
    const before = page.viewportSize()
    await page.setViewportSize(MINIMUM_SIZE)
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
    expect(await part.evaluate((element) => element.scrollWidth <= element.clientWidth + 1), `${name} fits sideways at the minimum`).toBe(true)
    await snapshotBoth(page, `${name}-${MINIMUM_SIZE.width}x${MINIMUM_SIZE.height}`)
    if (before) await page.setViewportSize(before)
  })
}
