import type { Locator, Page } from '@playwright/test'

/** Page object of the sign-in view. */
export class SignInPage {
  constructor(readonly page: Page) {}

  get heading(): Locator {
    return this.page.getByRole('heading', { name: 'Sign in to FlipDrop' })
  }

  get keyInput(): Locator {
    return this.page.getByLabel('API key')
  }

  get showKey(): Locator {
    return this.page.getByRole('button', { name: /Show key|Hide key/ })
  }

  get alert(): Locator {
    return this.page.getByRole('alert')
  }

  async signIn(key: string, options: { baseUrl?: string } = {}): Promise<void> {
    await this.keyInput.fill(key)
    if (options.baseUrl !== undefined) {
      await this.page.getByText('Advanced').click()
      await this.page.getByLabel('Service address').fill(options.baseUrl)
    }
    await this.page.getByRole('button', { name: 'Sign in' }).click()
  }
}
