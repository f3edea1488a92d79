import type { Page } from '@playwright/test'
import type { RunningEmulator } from '../../emulator'
import { expect } from '../fixtures'
import type { AppPage } from '../pages/app-page'
import { LibraryPage } from '../pages/library-page'

const CLIENTS = 30
export const LONG_NAME = 'Ristorante Bella Vista – Seasonal Menus and Wine Lists'

/** One item in each of 30 client folders (one with a long name), synced into the library. */
export async function addClientFolders(emulator: RunningEmulator, app: AppPage, page: Page): Promise<{ folders: string[]; items: number }> {
  const template = [...emulator.state.items.values()][0]
  if (!template) throw new Error('the seed has items')
  const { id: _id, slug: _slug, ...draft } = template
  const folders = Array.from({ length: CLIENTS }, (_, index) => (index === 17 ? LONG_NAME : `Client ${String(index + 1).padStart(2, '0')}`))
  for (const folder of folders) emulator.state.addItem({ ...draft, name: `${folder} brochure`, title: `${folder} brochure`, folder, settings: {} }, 'base')
  const library = new LibraryPage(page)
  await app.goTo('library')
  await expect(library.syncStatus).toContainText('Last synced', { timeout: 30_000 })
  await library.syncButton.click()
  const items = emulator.state.items.size
  await expect(library.summary).toHaveText(`${items.toLocaleString('en-US')} items`, { timeout: 30_000 })
  return { folders, items }
}
