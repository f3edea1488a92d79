import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * Where the e2e run saves its screenshots: `test-artifacts/screenshots/` (git-ignored, kept
 * across runs and outside Playwright's test-results, which each run empties).
 */
export const SCREENSHOT_DIR = fileURLToPath(new URL('../../../test-artifacts/screenshots/', import.meta.url))

export function screenshotPath(fileName: string): string {
  mkdirSync(SCREENSHOT_DIR, { recursive: true })
  return join(SCREENSHOT_DIR, fileName)
}
