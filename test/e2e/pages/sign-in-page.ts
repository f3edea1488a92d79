import { expect, type Locator, type Page } from '@playwright/test'

/** Page object of the sign-in view (the first run): the key, its help link and error, the tucked-away addresses. */
export class SignInPage {
  constructor(readonly page: Page) {}

  get heading(): Locator {
    return this.page.getByRole('heading', { name: 'Sign in to FlipDrop' })
  }

  get keyInput(): Locator {
    return this.page.getByLabel('API key', { exact: true })
  }

  get showKey(): Locator {
    return this.page.getByRole('button', { name: 'Show key' })
  }

  get helpLink(): Locator {
    return this.page.getByRole('link', { name: 'Where do I find my API key?' })
  }

  get alert(): Locator {
    return this.page.getByRole('alert')
  }

  /** The key's own error line, under the field. */
  get keyError(): Locator {
    return this.page.locator('#api-key-error')
  }

  /** The service addresses, tucked away under a disclosure. */
  get addresses(): Locator {
    return this.page.getByText('Service addresses', { exact: true })
  }

  get serviceAddress(): Locator {
    return this.page.getByLabel('Flipbook service address')
  }

  async signIn(key: string, options: { baseUrl?: string } = {}): Promise<void> {
    await this.keyInput.fill(key)
    if (options.baseUrl !== undefined) {
      if (!(await this.serviceAddress.isVisible())) await this.addresses.click()
      await this.serviceAddress.fill(options.baseUrl)
    }
    await this.page.getByRole('button', { name: 'Sign in' }).click()
    // Checked with the service, then stored in the keychain (a real gnome-keyring, which on a
    // busy machine has taken 20 s): longer than one expect's 5 s. Done when the check ends or says why it failed.
    const checking = this.page.getByRole('button', { name: 'Checking the key…' })
    await expect.poll(async () => (await checking.count()) === 0 || (await this.alert.count()) > 0, { timeout: 45_000 }).toBe(true)
  }
}
