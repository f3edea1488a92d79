import type { Locator, Page } from '@playwright/test'

/** A file as a drag carries it: a name (the test host finds it in its drop folder) and a MIME type. */
export interface DraggedFile {
  name: string
  type?: string
}

/** Page object of the publish view: the toolbar, dropping, the notices, the batch bar and the queue's rows. */
export class PublishPage {
  constructor(readonly page: Page) {}

  /** The toolbar's "Add PDFs…" (the empty state has one too). */
  get addPdfs(): Locator {
    return this.page.locator('.publish-toolbar').getByRole('button', { name: 'Add PDFs…' })
  }

  get review(): Locator {
    return this.page.getByRole('checkbox', { name: 'Review before publishing' })
  }

  /** "Publish from link…" opens a small form; `linkField` is its field. */
  get fromLink(): Locator {
    return this.page.locator('.publish-toolbar').getByRole('button', { name: 'Publish from link…' })
  }

  get linkField(): Locator {
    return this.page.getByRole('textbox', { name: 'Link to a PDF' })
  }

  get linkSubmit(): Locator {
    return this.page.locator('.link-form-panel').getByRole('button', { name: 'Publish', exact: true })
  }

  get overlay(): Locator {
    return this.page.getByTestId('drop-overlay')
  }

  get skipped(): Locator {
    return this.page.getByTestId('skipped')
  }

  /** Files the plan refused (too large for it), listed apart from the other skips. */
  get overPlan(): Locator {
    return this.page.getByTestId('over-plan')
  }

  get empty(): Locator {
    return this.page.getByTestId('empty-queue')
  }

  get banner(): Locator {
    return this.page.getByTestId('status-strip')
  }

  get quota(): Locator {
    return this.page.getByTestId('quota')
  }

  get planFull(): Locator {
    return this.page.getByTestId('plan-full')
  }

  /** The batch: one bar while it runs, what came of it at the end. */
  get batch(): Locator {
    return this.page.getByTestId('batch-bar')
  }

  get batchHeadline(): Locator {
    return this.page.getByTestId('batch-headline')
  }

  get rows(): Locator {
    return this.page.locator('li.job')
  }

  /** The queue row of the job with this name. */
  row(name: string): Locator {
    return this.page.locator('li.job', { has: this.page.locator('.job-name', { hasText: new RegExp(`^${escape(name)}$`) }) })
  }

  /** A row's one state word ("Waiting", "Publishing 45 %", "Published"…). */
  state(name: string): Locator {
    return this.row(name).getByTestId('job-state')
  }

  /** The line under a row's name that says why it waits or how it ended. */
  reason(name: string): Locator {
    return this.row(name).getByTestId('job-reason')
  }

  /** A row's "⋯" button. */
  more(name: string): Locator {
    return this.row(name).getByRole('button', { name: `More actions for ${name}` })
  }

  /** The open row menu (it floats over the page). */
  get menu(): Locator {
    return this.page.getByRole('menu')
  }

  /** Opens a row's menu and picks an item. */
  async fromMenu(name: string, item: string): Promise<void> {
    await this.more(name).click()
    await this.menu.getByRole('menuitem', { name: item }).click()
  }

  /** "Update when the file changes" in a row's open menu: an on/off entry. */
  get keepUpdated(): Locator {
    return this.menu.getByRole('menuitemcheckbox', { name: 'Update when the file changes' })
  }

  /** The line said once above the uploads that wait their turn. */
  get inLineNote(): Locator {
    return this.page.getByTestId('in-line-note')
  }

  /** What screen readers hear (the app's one polite live region). */
  get announcer(): Locator {
    return this.page.getByTestId('announcer')
  }

  /** A held row's own Name or Title field ("Review before publishing"). */
  field(name: string, label: 'Name' | 'Title'): Locator {
    return this.row(name).getByRole('textbox', { name: label })
  }

  /** How tall a row is on screen, in CSS pixels. */
  async rowHeight(name: string): Promise<number> {
    const box = await this.row(name).boundingBox()
    if (!box) throw new Error(`no row for ${name}`)
    return box.height
  }

  /** One "already published" question ("alpha.pdf is already published as…"), or a row of the table of several. */
  sameContent(fileName: string): Locator {
    return this.page.getByTestId('same-content').filter({ hasText: fileName })
  }

  /** The table of several "already published" questions. */
  get questions(): Locator {
    return this.page.getByTestId('same-content-questions')
  }

  /** The confirmation before a live item gets a new PDF. */
  get replaceDialog(): Locator {
    return this.page.getByRole('dialog', { name: /^Replace / })
  }

  get toast(): Locator {
    return this.page.getByTestId('toast')
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
        for (const bar of document.querySelectorAll('li.job [role="progressbar"][aria-valuenow]')) seen.push(Number(bar.getAttribute('aria-valuenow')))
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] })
    })
    return () => this.page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen)
  }
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
