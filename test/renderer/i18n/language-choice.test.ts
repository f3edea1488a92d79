import { describe, expect, it } from 'vitest'
import { languageFor } from '../../../src-renderer/src/i18n/language-choice'

/* The language the window speaks: Settings' choice when it is a shipped language, else the preferred languages'. */

describe('languageFor', () => {
  it('speaks the language chosen in Settings, whatever the system prefers', () => {
    expect(languageFor('de', ['ja-JP', 'en-US'])).toBe('de')
    expect(languageFor('ar', ['en-US'])).toBe('ar')
    expect(languageFor('pt-BR', [])).toBe('pt-BR')
  })

  it('follows the preferred languages for "system", for no setting yet, and for one it does not ship', () => {
    expect(languageFor('system', ['de-CH', 'en'])).toBe('de')
    expect(languageFor(null, ['pt-PT'])).toBe('pt-BR')
    expect(languageFor(undefined, ['zh-TW', 'ja'])).toBe('ja')
    expect(languageFor('xx', ['fr-FR'])).toBe('fr')
    expect(languageFor('system', ['ko'])).toBe('en')
  })

  it('never offers a pseudo-locale as a choice: a remembered "en-XA" falls to the preferred languages', () => {
    expect(languageFor('en-XA', ['nl-NL'])).toBe('nl')
    // Only Chromium started with --lang=en-XA (the tests) reaches it.
    expect(languageFor('system', ['en-XA'])).toBe('en-XA')
  })
})
