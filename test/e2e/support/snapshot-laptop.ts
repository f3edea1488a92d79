import type { Page } from '@playwright/test'
import { expect } from '../fixtures'
import { outsideTestBudget } from './screenshots'
import { snapshotBoth } from './snapshot-both'

/** The two window sizes every view is judged at: a roomy laptop, and a small one. */
export const LAPTOP_SIZES = [
  { width: 1280, height: 800 },
  { width: 1024, height: 700 }
] as const

/** The window's minimum size (src-main/shell/window-options.ts): every view must still work there. */
export const MINIMUM_SIZE = { width: 720, height: 520 } as const

/** The laptop sizes and the minimum: what each view touched by a designer round is judged at. */
export const EVERY_SIZE = [...LAPTOP_SIZES, MINIMUM_SIZE] as const

/**
 * Screenshots the page at 1280×800 and 1024×700 (or the `sizes` given: a state that lasts only
 * seconds is taken one size at a time), each in light and dark, and scans each with axe
 * (snapshotBoth), after checking nothing scrolls sideways; the window gets its size back afterwards.
 */
export async function snapshotLaptop(page: Page, name: string, sizes: readonly { width: number; height: number }[] = LAPTOP_SIZES): Promise<void> {
  await outsideTestBudget(() => eachSize(page, name, sizes))
}

async function eachSize(page: Page, name: string, sizes: readonly { width: number; height: number }[]): Promise<void> {
  const before = page.viewportSize()
  for (const size of sizes) {
    await page.setViewportSize(size)
    // One frame for the virtual list to measure its rows at the new width.
    await nextFrames(page)
    const sideways = await page.evaluate(() =>
      [document.documentElement, ...document.querySelectorAll('main, .content, .workspace')]
        .filter((element) => element.scrollWidth > element.clientWidth + 1)
        .map((element) => element.tagName.toLowerCase() + (element.className ? `.${String(element.className).replace(/\s+/g, '.')}` : ''))
    )
    expect(sideways, `nothing scrolls sideways at ${size.width}×${size.height}`).toEqual([])
    await snapshotBoth(page, `${name}-${size.width}x${size.height}`)
  }
  if (before) {
    await page.setViewportSize(before)
    // The sidebar's icons-only switch follows a media-query listener: the test's next click must
    // meet the layout of the size given back, not the last one pictured.
    await nextFrames(page)
  }
}

/** Two frames: media-query listeners have run and Vue has drawn what they changed. */
async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
}
