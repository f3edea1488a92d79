import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { test } from '@playwright/test'

/**
 * Where the e2e run saves its screenshots: `test-artifacts/screenshots/` (git-ignored, kept
 * across runs and outside Playwright's test-results, which each run empties).
 */
export const SCREENSHOT_DIR = fileURLToPath(new URL('../../../test-artifacts/screenshots/', import.meta.url))

export function screenshotPath(fileName: string): string {
  mkdirSync(SCREENSHOT_DIR, { recursive: true })
  return join(SCREENSHOT_DIR, fileName)
}

/** How deep in picture-taking work the running test is: only the outermost call counts the time. */
let depth = 0

/** Room the test's timeout gets while pictures are taken, so the timer cannot fire in the middle of them. */
const PICTURE_ALLOWANCE_MS = 300_000

/**
 * Runs picture-taking work (resizing for each size, screenshots in light and dark, axe scans)
 * without spending the test's own time: the timeout is raised by an allowance before the work and
 * set afterwards to what it was plus what the work took. A test's budget is for what FlipDrop
 * does; on a busy machine Chromium's full-page captures and axe alone took most of 30 s, and a
 * timeout raised only afterwards still fired in the middle of the pictures (CI, skins at every size).
 */
export async function outsideTestBudget<T>(work: () => Promise<T>): Promise<T> {
  const started = performance.now()
  const info = test.info()
  const outermost = depth === 0 && info.timeout > 0
  if (outermost) info.setTimeout(info.timeout + PICTURE_ALLOWANCE_MS)
  depth++
  try {
    return await work()
  } finally {
    depth--
    if (outermost) info.setTimeout(info.timeout - PICTURE_ALLOWANCE_MS + Math.ceil(performance.now() - started))
  }
}
