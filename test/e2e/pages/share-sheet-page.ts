import type { Locator, Page } from '@playwright/test'
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
   * Opens the sheet for several items as an entry point does (useShareSheet().open). Until the
   * library's multi-selection lands on this branch, the spec reaches the app's store through the handle Vue and
   * Pinia keep on the mounted app (#app.__vue_app__, $pinia): nothing in the app exists for tests.
   */
  async open(refs: { id: number; docType: 'Flipbook' | 'Document' }[]): Promise<void> {
    await this.page.evaluate((items) => {
      interface Store {
        open(refs: unknown[]): void
      }
      const root = document.querySelector('#app') as (Element & { __vue_app__?: { config: { globalProperties: { $pinia?: { _s: Map<string, Store> } } } } }) | null
      const store = root?.__vue_app__?.config.globalProperties.$pinia?._s.get('share-sheet')
      if (!store) throw new Error('The Share sheet store is not there.')
      store.open(items)
    }, refs)
  }
}
