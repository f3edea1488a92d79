import { expect, type Locator, type Page } from '@playwright/test'
import type { View } from '../../../src-shared/domain/views'
import { VIEW_TITLES } from '../../support/view-titles'

/** Page object of the app frame: the sidebar's navigation, the account menu, and the current view's heading. */
export class AppPage {
  constructor(readonly page: Page) {}

  /** The main navigation: there once main has started and someone is signed in. */
  get ready(): Locator {
    return this.page.getByRole('navigation', { name: 'Main' })
  }

  /** The version line, in "About FlipDrop" (open it with openAbout). */
  get version(): Locator {
    return this.page.getByTestId('app-version')
  }

  /** The account menu's button: who is signed in (name and brand). */
  get accountMenu(): Locator {
    return this.page.getByRole('button', { name: 'Account menu' })
  }

  /** The signed-in account as the open account menu shows it (name, email, brand). */
  get account(): Locator {
    return this.page.getByLabel('Signed-in account')
  }

  async openAccountMenu(): Promise<void> {
    if ((await this.accountMenu.getAttribute('aria-expanded')) !== 'true') await this.accountMenu.click()
  }

  /** Adds an account by its key from the account menu; resolves once the dialog closed (main confirmed the key). */
  async addAccount(key: string): Promise<void> {
    await this.openAccountMenu()
    await this.page.getByRole('menuitem', { name: 'Add another account…' }).click()
    const add = this.page.getByRole('dialog', { name: 'Add an account' })
    await add.getByLabel('API key').fill(key)
    await add.getByRole('button', { name: 'Add account' }).click()
    await add.waitFor({ state: 'hidden', timeout: 45_000 })
  }

  async openAbout(): Promise<void> {
    await this.openAccountMenu()
    await this.page.getByRole('menuitem', { name: 'About FlipDrop' }).click()
  }

  /** Signs out through the account menu, saying yes when FlipDrop asks because uploads wait. */
  async signOut(): Promise<void> {
    await this.openAccountMenu()
    await this.page.getByRole('menuitem', { name: 'Sign out…' }).click()
    const ask = this.page.getByRole('dialog', { name: 'Sign out while uploads wait?' })
    const signIn = this.page.getByRole('heading', { name: 'Sign in to FlipDrop' })
    await ask.or(signIn).first().waitFor()
    if (await ask.isVisible()) await ask.getByRole('button', { name: 'Sign out' }).click()
  }

  navButton(view: View): Locator {
    return this.page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: VIEW_TITLES[view], exact: false }).first()
  }

  heading(view: View): Locator {
    return this.page.getByRole('heading', { level: 1, name: VIEW_TITLES[view] })
  }

  async goTo(view: View): Promise<void> {
    // As a person would: an open account menu is closed first (it sits over the sidebar's foot).
    if ((await this.accountMenu.getAttribute('aria-expanded')) === 'true') {
      await this.page.keyboard.press('Escape')
      await expect(this.accountMenu).toHaveAttribute('aria-expanded', 'false')
    }
    await this.navButton(view).click()
  }
}
