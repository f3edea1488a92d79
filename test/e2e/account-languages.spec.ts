import type { ShippedLanguage } from '../../src-shared/i18n/languages'
import { expect, test } from './fixtures'
import { EVERY_SIZE, snapshotLaptop } from './support/snapshot-laptop'

/*
 * The Account view and the account menu in French (long words, narrow spaces before colons)
 * and Japanese (another script): their words come from the catalog, the service's own names
 * stay as sent; pictured at every window size, nothing scrolling sideways, axe-clean (account-<code>-…).
 */

/** One language's words to find: the view's title, its sections, the sidebar, the menu and its items. */
interface LanguageCase {
  code: ShippedLanguage
  title: string
  sections: readonly string[]
  sidebar: readonly string[]
  menu: string
  items: readonly string[]
}

const LANGUAGES: readonly LanguageCase[] = [
  {
    code: 'fr',
    title: 'Compte',
    sections: ['Votre compte', 'Forfait', 'Historique de facturation', 'Modèles, habillages et musique'],
    sidebar: ['Publier', 'Bibliothèque', 'Réglages'],
    menu: 'Menu du compte',
    items: ['Ajouter un autre compte…', 'Compte et forfait', 'À propos de FlipDrop', 'Se déconnecter…']
  },
  {
    code: 'ja',
    title: 'アカウント',
    sections: ['あなたのアカウント', 'プラン', '請求履歴', 'テンプレート、スキン、音楽'],
    sidebar: ['公開', 'ライブラリ', '設定'],
    menu: 'アカウントメニュー',
    items: ['別のアカウントを追加…', 'アカウントとプラン', 'FlipDropについて', 'サインアウト…']
  }
]

for (const language of LANGUAGES) {
  test.describe(`in ${language.code}`, () => {
    test.use({ signedIn: true })

    test(`the Account view and the account menu speak ${language.code}, pictured at every size`, async ({ app, host, page }) => {
      test.setTimeout(180_000)
      await expect(app.ready).toBeVisible()
      // Settings → Language, saved through the core: the window speaks it at once, no restart.
      await host.core.settings.update({ language: language.code })
      await expect(page.locator('html')).toHaveAttribute('lang', language.code)

      const nav = page.getByRole('navigation').first()
      for (const name of language.sidebar) await expect(nav.getByText(name, { exact: true })).toBeVisible()
      await nav.getByRole('button', { name: language.title, exact: true }).click()
      await expect(page.getByRole('heading', { level: 1, name: language.title })).toBeVisible()
      for (const name of language.sections) await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible({ timeout: 15_000 })
      // Every part received: no loading line left in any language.
      await expect(page.getByTestId('plan-name')).toBeVisible({ timeout: 15_000 })
      await expect(page.getByText(/Loading|Chargement|読み込み中/)).toHaveCount(0, { timeout: 15_000 })
      await snapshotLaptop(page, `account-${language.code}`, EVERY_SIZE)

      await page.getByRole('button', { name: language.menu }).click()
      const menu = page.getByRole('menu')
      for (const name of language.items) await expect(menu.getByRole('menuitem', { name, exact: true })).toBeVisible()
      await snapshotLaptop(page, `account-menu-${language.code}`)
    })
  })
}
