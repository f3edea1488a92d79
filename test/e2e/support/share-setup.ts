import type { Page } from '@playwright/test'
import { expect } from '../fixtures'
import { LibraryPage } from '../pages/library-page'
import type { RunningEmulator } from '../../emulator'

/** The seeded items, published ones first, as the Share sheet is opened for them. */
export function published(emulator: RunningEmulator, count: number) {
  const items = [...emulator.state.items.values()].filter((item) => item.isPublished).slice(0, count)
  if (items.length < count) throw new Error('the seed has published items')
  return items
}

/** The library, synced: its items are there to share. */
export async function signedInLibrary(page: Page, app: { goTo(view: 'library'): Promise<void> }): Promise<void> {
  await app.goTo('library')
  await expect(new LibraryPage(page).syncStatus).toContainText('Last synced', { timeout: 30_000 })
}
