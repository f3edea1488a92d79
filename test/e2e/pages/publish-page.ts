import type { Locator, Page } from '@playwright/test'

/** A file as a drag carries it: a name (the test host finds it in its drop folder) and a MIME type. */
export interface DraggedFile {
  name: string
  type?: string
}

/** Page object of the publish view: dropping, the intake notices and the queue's rows. */
export class PublishPage {
  constructor(readonly page: Page) {}

  get overlay(): Locator {
    return this.page.getByTestId('drop-overlay')
  }

  get skipped(): Locator {
    return this.page.getByTestId('skipped')
  }

  get banner(): Locator {
    return this.page.getByTestId('connectivity-banner')
  }

  get quota(): Locator {
    return this.page.getByTestId('quota')
  }

  get rows(): Locator {
    return this.page.locator('li.job')
  }

  /** The queue row of the job with this name. */
  row(name: string): Locator {
    return this.page.locator('li.job', { has: this.page.locator('.job-name', { hasText: new RegExp(`^${escape(name)}$`) }) })
  }

  sameContent(fileName: string): Locator {
    return this.page.getByTestId('same-content').filter({ hasText: fileName })
  }

  /** Starts dragging files over the window (dragenter + dragover), as the OS does before a drop. */
  async dragOver(files: readonly DraggedFile[]): Promise<void> {
    await this.page.evaluate((list) => {
      const transfer = new DataTransfer()
      for (const file of list) transfer.items.add(new File(['%PDF-'], file.name, { type: file.type ?? 'application/pdf' }))
      for (const type of ['dragenter', 'dragover']) {
        document.body.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }))
      }
    }, files)
  }

  /** Drags the files over the window and drops them (Chromium gives files to the page only this way in a test). */
  async drop(files: readonly DraggedFile[]): Promise<void> {
    await this.page.evaluate((list) => {
      const transfer = new DataTransfer()
      for (const file of list) transfer.items.add(new File(['%PDF-'], file.name, { type: file.type ?? 'application/pdf' }))
      for (const type of ['dragenter', 'dragover', 'drop']) {
        document.body.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }))
      }
    }, files)
  }

  /** Records every value a progress bar shows from now on (a sampler in the page, not a poll). */
  async recordProgress(): Promise<() => Promise<number[]>> {
    await this.page.evaluate(() => {
      const seen: number[] = []
      ;(window as unknown as { progressSeen: number[] }).progressSeen = seen
      new MutationObserver(() => {
        for (const bar of document.querySelectorAll('[role="progressbar"][aria-valuenow]')) seen.push(Number(bar.getAttribute('aria-valuenow')))
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] })
    })
    return () => this.page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen)
  }
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
