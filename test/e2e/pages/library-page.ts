import type { Locator, Page } from '@playwright/test'

/** The list's columns, as their headers name them. */
export type LibraryColumn = 'Name' | 'Folder' | 'Kind' | 'Pages' | 'Views' | 'Leads' | 'Views, last 7 days' | 'Leads, last 7 days' | 'Created'

/** Page object of the library view: toolbar, status line, the virtual grid or table, the details panel and its dialogs. */
export class LibraryPage {
  constructor(readonly page: Page) {}

  get search(): Locator {
    return this.page.getByRole('searchbox', { name: 'Search the library' })
  }

  /** Tiles (grid) or rows (list) rendered now: a virtual list renders those in view. */
  get entries(): Locator {
    return this.page.getByTestId('library-entry')
  }

  get entryNames(): Locator {
    return this.entries.locator('.entry-name')
  }

  get summary(): Locator {
    return this.page.getByTestId('library-summary')
  }

  get syncStatus(): Locator {
    return this.page.getByTestId('sync-status')
  }

  get syncButton(): Locator {
    return this.page.getByTestId('sync-button')
  }

  get details(): Locator {
    return this.page.getByTestId('item-details')
  }

  get scroller(): Locator {
    return this.page.getByTestId('library-scroller')
  }

  get table(): Locator {
    return this.page.getByRole('grid', { name: 'Library items' })
  }

  /** The replace question: the cover now beside the new first page. */
  get replaceDialog(): Locator {
    return this.page.getByRole('dialog', { name: /^Replace/ })
  }

  entry(name: string): Locator {
    return this.entries.filter({ has: this.page.locator('.entry-name', { hasText: new RegExp(`^${escape(name)}$`) }) })
  }

  /** The list's row at a position (1 is the first item), scrolled to the top first. */
  async row(position: number): Promise<Locator> {
    await this.scroller.evaluate((element) => element.scrollTo(0, 0))
    return this.table.locator(`[role="row"][aria-rowindex="${position + 1}"]`)
  }

  cell(row: Locator, column: LibraryColumn): Locator {
    const selectors: Record<LibraryColumn, string> = {
      Name: '.entry-name',
      Folder: '.cell-folder',
      Kind: '.cell-kind',
      Pages: '[data-column="pages"]',
      Views: '[data-column="views"]',
      Leads: '[data-column="leads"]',
      'Views, last 7 days': '[data-column="weekViews"]',
      'Leads, last 7 days': '[data-column="weekLeads"]',
      Created: '[data-column="created"]'
    }
    return row.locator(selectors[column])
  }

  columnHeader(column: LibraryColumn): Locator {
    // Exact: "Views" is also the start of "Views, last 7 days".
    return this.table.getByRole('columnheader', { name: column, exact: true })
  }

  /** Clicks a column's header until the list is sorted by it in that direction. */
  async sortByColumn(column: LibraryColumn, order: 'ascending' | 'descending'): Promise<void> {
    const header = this.columnHeader(column)
    for (let clicks = 0; clicks < 2 && (await header.getAttribute('aria-sort')) !== order; clicks++) {
      await header.getByRole('button').click()
    }
  }

  async showAs(layout: 'Grid' | 'List'): Promise<void> {
    await this.page.getByRole('button', { name: layout, exact: true }).click()
  }

  async sortBy(label: string): Promise<void> {
    await this.page.getByRole('combobox', { name: 'Sort' }).selectOption({ label })
  }

  async openByLink(link: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Open by link' }).click()
    await this.page.getByLabel('Viewer link, custom-domain link or link ending').fill(link)
    await this.page.getByRole('button', { name: 'Open', exact: true }).click()
  }

  /** Opens every settings group of the details panel. */
  async openAllGroups(): Promise<void> {
    const closed = this.details.locator('details:not([open]) > summary')
    // One at a time: each one opened leaves the set of closed ones.
    for (let left = await closed.count(); left > 0; left = await closed.count()) await closed.first().click()
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
