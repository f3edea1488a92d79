import type { Locator, Page } from '@playwright/test'

/** Page object of the library view: toolbar, sync status, the virtual grid/list and the details panel. */
export class LibraryPage {
  constructor(readonly page: Page) {}

  get search(): Locator {
    return this.page.getByRole('searchbox', { name: 'Search the library' })
  }

  get entries(): Locator {
    return this.page.locator('li.library-entry')
  }

  get entryNames(): Locator {
    return this.page.locator('li.library-entry .entry-name')
  }

  get summary(): Locator {
    return this.page.getByTestId('library-summary')
  }

  get syncStatus(): Locator {
    return this.page.getByTestId('sync-status')
  }

  get details(): Locator {
    return this.page.getByTestId('item-details')
  }

  get scroller(): Locator {
    return this.page.getByTestId('library-scroller')
  }

  entry(name: string): Locator {
    return this.page.locator('li.library-entry', { has: this.page.locator('.entry-name', { hasText: new RegExp(`^${escape(name)}$`) }) })
  }

  async sortBy(label: string, order: 'Ascending' | 'Descending'): Promise<void> {
    await this.page.getByLabel('Sort by').selectOption({ label })
    const toggle = this.page.getByRole('button', { name: /^(Ascending|Descending): switch/ })
    const name = (await toggle.getAttribute('aria-label')) ?? ''
    if (!name.startsWith(order)) await toggle.click()
  }

  async openByLink(link: string): Promise<void> {
    await this.page.getByLabel('Open by link').fill(link)
    await this.page.getByRole('button', { name: 'Open by link' }).click()
  }

  /** Drops a file (by name, from the test host's drop folder) on an item. */
  async dropOn(entry: Locator, fileName: string): Promise<void> {
    await entry.evaluate((element, name) => {
      const transfer = new DataTransfer()
      transfer.items.add(new File(['%PDF-'], name, { type: 'application/pdf' }))
      for (const type of ['dragenter', 'dragover', 'drop']) {
        element.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }))
      }
    }, fileName)
  }
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
