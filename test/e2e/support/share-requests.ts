import type { Locator, Page } from '@playwright/test'
import type { TestHost } from '../../host/test-host'

/** The items the Share sheet last asked main for: which items an entry point opened it with, in order. */
export function lastShared(host: TestHost): unknown {
  return host.transcript.filter((entry) => entry.channel === 'share:items').at(-1)?.input
}

/** The open Share sheet ("Share 3 items", "Share “Spring”"). */
export function shareSheet(page: Page): Locator {
  return page.getByRole('dialog', { name: /^Share/ })
}
