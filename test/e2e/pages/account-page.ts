import type { Locator, Page } from '@playwright/test'
import { outsideTestBudget, screenshotPath } from '../support/screenshots'

/** The Account view's sections, by their headings. */
export type AccountSection = 'Your account' | 'Plan' | 'Billing history' | 'Templates, skins and music'

/** Page object of the Account view: its sections, their facts, the profile form, the billing table and the service's lists. */
export class AccountPage {
  constructor(readonly page: Page) {}

  section(name: AccountSection): Locator {
    return this.page.getByRole('region', { name, exact: true })
  }

  /** The label → value pairs of every fact list in a section (open disclosures included). */
  async facts(name: AccountSection): Promise<Record<string, string>[]> {
    return this.section(name)
      .locator('dl')
      .evaluateAll((lists) =>
        lists.map((list) => {
          const pairs: Record<string, string> = {}
          for (const dt of list.querySelectorAll('dt')) pairs[dt.textContent?.trim() ?? ''] = dt.nextElementSibling?.textContent?.trim() ?? ''
          return pairs
        })
      )
  }

  /** All facts of a section merged into one record. */
  async allFacts(name: AccountSection): Promise<Record<string, string>> {
    return Object.assign({}, ...(await this.facts(name))) as Record<string, string>
  }

  /** The signed-in name, large at the top of "Your account". */
  get name(): Locator {
    return this.section('Your account').getByTestId('account-name')
  }

  get editProfile(): Locator {
    return this.section('Your account').getByRole('button', { name: 'Edit profile' })
  }

  get saveProfile(): Locator {
    return this.section('Your account').getByRole('button', { name: 'Save profile' })
  }

  /** "Shown as last received, as of …" (said once, above the sections). */
  get asOf(): Locator {
    return this.page.getByTestId('as-of')
  }

  get billingRows(): Locator {
    return this.section('Billing history').locator('tbody tr')
  }

  /** The text of each cell of each billing row (the invoice column included). */
  async billingCells(): Promise<string[][]> {
    return this.billingRows.evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent?.trim() ?? '')))
  }

  sortBy(column: string): Locator {
    return this.section('Billing history').getByRole('button', { name: column, exact: true })
  }

  columnHeader(column: string): Locator {
    return this.section('Billing history').getByRole('columnheader', { name: column })
  }

  /** One of the service's lists (a region named by its heading, count included), e.g. "Currencies for selling". */
  referenceList(title: string): Locator {
    return this.section('Templates, skins and music').getByRole('region', { name: new RegExp(`^${title} \\d+$`) })
  }

  async referenceCount(title: string): Promise<number> {
    return Number(await this.referenceList(title).getByTestId('count').textContent())
  }

  get updatedLine(): Locator {
    return this.section('Templates, skins and music').getByTestId('references-updated')
  }

  /**
   * Runs `work` with a window tall enough for the whole view: the view scrolls inside the window
   * (beside the sidebar), so a shorter one would cut sections off in screenshots.
   */
  async tall<T>(work: () => Promise<T>): Promise<T> {
    const size = this.page.viewportSize()
    await this.page.setViewportSize({ width: size?.width ?? 1280, height: 3200 })
    try {
      return await work()
    } finally {
      if (size) await this.page.setViewportSize(size)
    }
  }

  /** Screenshots of one section in light and dark (test-artifacts/screenshots/account-<slug>-<scheme>.png). */
  async screenshotSection(name: AccountSection, prefix = 'account'): Promise<void> {
    const slug = name.toLowerCase().replace(/[^a-z]+/g, '-')
    await this.tall(async () => {
      for (const colorScheme of ['light', 'dark'] as const) {
        await this.page.emulateMedia({ colorScheme })
        await outsideTestBudget(() => this.section(name).screenshot({ path: screenshotPath(`${prefix}-${slug}-${colorScheme}.png`) }))
      }
    })
    await this.page.emulateMedia({ colorScheme: 'light' })
  }
}
