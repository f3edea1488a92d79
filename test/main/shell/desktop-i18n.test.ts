import { afterEach, describe, expect, it } from 'vitest'
import { followDesktopLanguage } from '../../../src-main/shell/i18n/follow-desktop-language'
import { desktopLanguageFor } from '../../../src-main/shell/i18n/desktop-language-choice'
import { desktopLanguage, listText, speakDesktop, t } from '../../../src-main/shell/i18n/desktop-i18n'
import { translatorFor } from '../../../src-main/core/i18n/translator'

afterEach(() => speakDesktop('en'))

describe('main’s translator', () => {
  it('falls back to English message by message, never to the key', () => {
    const catalogs = { en: { desktop: { a: 'Apple', b: 'Pear', n: '{count} file | {count} files' } }, de: { desktop: { a: 'Apfel' } } }
    const german = translatorFor('de', catalogs)
    expect(german('desktop.a')).toBe('Apfel')
    expect(german('desktop.b')).toBe('Pear')
    expect(german('desktop.n', { count: 2 }, 2)).toBe('2 files')
    expect(german('desktop.missing')).toBe('')
  })

  it('reads the desktop catalogs, with their placeholders and plural forms', () => {
    expect(t('desktop.tray.show')).toBe('Show FlipDrop')
    expect(t('desktop.quit.question', { count: '1' }, 1)).toBe('1 upload is running. Quit anyway?')
    expect(t('desktop.quit.question', { count: '3' }, 3)).toBe('3 uploads are running. Quit anyway?')
  })

  it('speaks a pseudo-locale when asked to, and lists in its language', () => {
    speakDesktop('en-XA')
    expect(t('desktop.tray.show')).toMatch(/^\[Šĥöŵ ƑļîþĐŕöþ .*\]$/)
    expect(desktopLanguage()).toBe('en-XA')
    speakDesktop('de')
    expect(listText(['a', 'b', 'c'])).toBe('a, b und c')
  })
})

describe('main’s language', () => {
  it('is the one Settings chose, else the system’s first that FlipDrop speaks, else English', () => {
    expect(desktopLanguageFor('ja', ['de-DE'])).toBe('ja')
    expect(desktopLanguageFor('system', ['fr-CA', 'en-US'])).toBe('fr')
    expect(desktopLanguageFor(undefined, ['pt-PT'])).toBe('pt-BR')
    expect(desktopLanguageFor('system', ['sv-SE'])).toBe('en')
  })

  it('follows a change of the setting, and relabels only when the language changes', () => {
    let relabelled = 0
    const follow = followDesktopLanguage(() => ['en-GB'], () => relabelled++)
    follow('system')
    expect(relabelled).toBe(0)
    follow('de')
    expect(desktopLanguage()).toBe('de')
    expect(relabelled).toBe(1)
    follow('de')
    expect(relabelled).toBe(1)
    follow('system')
    expect(desktopLanguage()).toBe('en')
    expect(relabelled).toBe(2)
  })
})
