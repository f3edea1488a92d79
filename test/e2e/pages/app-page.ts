import type { Locator, Page } from '@playwright/test'
import type { View } from '../../../src-shared/domain/views'
import { VIEW_TITLES } from '../../../src-shared/domain/views'

/** Page object of the app frame: header, navigation and the current view's heading. */
export class AppPage {
  constructor(readonly page: Page) {}

  get version(): Locator {
    return this.page.getByTestId('app-version')
  }

  navButton(view: View): Locator {
    return this.page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: VIEW_TITLES[view] })
  }

  heading(view: View): Locator {
    return this.page.getByRole('heading', { level: 1, name: VIEW_TITLES[view] })
  }

  async goTo(view: View): Promise<void> {
    await this.navButton(view).click()
  }
}
