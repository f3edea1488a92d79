import { expect, type Locator, type Page } from '@playwright/test'
import { LibraryPage } from './library-page'

/** Page object of the Share sheet (a modal dialog titled "Share …"). */
export class ShareSheetPage {
  constructor(readonly page: Page) {}

  get dialog(): Locator {
    return this.page.getByRole('dialog', { name: /^Share / })
  }

  tab(name: 'Link' | 'Embed' | 'QR code' | 'Social card' | 'Email'): Locator {
    return this.dialog.getByRole('tab', { name, exact: true })
  }

  get panel(): Locator {
    return this.dialog.getByRole('tabpanel')
  }

  /** What the Link section will copy, as shown (a read-only text box). */
  get linkText(): Locator {
    return this.dialog.getByRole('textbox', { name: 'What will be copied' })
  }

  format(name: 'Link' | 'Markdown' | 'HTML' | 'Rich text'): Locator {
    return this.dialog.getByRole('radio', { name, exact: true })
  }

  /** Opens the sheet for one library item as people do: found by name, then "Share…" in its details. */
  async openFromDetails(name: string): Promise<void> {
    const library = new LibraryPage(this.page)
    await library.search.fill(name)
    await library.entry(name).click()
    await library.details.getByRole('button', { name: 'Share…' }).click()
  }

  /**
   * Opens the sheet for several library items as people do: the first clicked, the others
   * Ctrl/Cmd-clicked, then "Share…" in the selection bar.
   */
  async openForSelected(names: string[]): Promise<void> {
    const library = new LibraryPage(this.page)
    const modifier = process.platform === 'darwin' ? 'Meta' : 'Control'
    const selected = this.page.getByRole('region', { name: 'Selected items' })
    for (const [index, name] of names.entries()) {
      await library.entry(name).click(index === 0 ? {} : { modifiers: [modifier] })
      // The first click opens the details, which lays the grid out again: each next click waits
      // until the one before it is taken, so it never lands on a tile still moving.
      if (index > 0) await expect(selected).toContainText(`${index + 1} selected`)
    }
    await selected.getByRole('button', { name: 'Share…' }).click()
  }
}
