import { describe, expect, it } from 'vitest'
import { directionOf, negotiateLanguage, SHIPPED_LANGUAGES } from '../../../src-shared/i18n/languages'

/*
 * Which shipped language a list of preferred languages (the system's, or the browser's) picks:
 * language and region first, then the language alone, then the next preference, then English.
 */

describe('negotiateLanguage', () => {
  it.each([
    [['de-DE'], 'de'],
    [['pt-BR'], 'pt-BR'],
    [['ja'], 'ja'],
    [['ar-EG'], 'ar'],
    [['zh-CN'], 'zh-CN'],
    [['zh-Hans-SG'], 'zh-CN']
  ])('speaks %j as %s', (preferred, language) => {
    expect(negotiateLanguage(preferred)).toBe(language)
  })

  it('falls back from a region it does not ship to the language: pt-PT to Brazilian Portuguese, de-CH to German, fr-CA to French', () => {
    expect(negotiateLanguage(['pt-PT'])).toBe('pt-BR')
    expect(negotiateLanguage(['de-CH'])).toBe('de')
    expect(negotiateLanguage(['fr-CA', 'en'])).toBe('fr')
    expect(negotiateLanguage(['es-419'])).toBe('es')
  })

  it('moves past Traditional Chinese (zh-TW, zh-HK, zh-Hant) to the next preference, not to Simplified', () => {
    expect(negotiateLanguage(['zh-TW', 'ja'])).toBe('ja')
    expect(negotiateLanguage(['zh-HK', 'fr-FR'])).toBe('fr')
    expect(negotiateLanguage(['zh-Hant', 'de'])).toBe('de')
    expect(negotiateLanguage(['zh-TW'])).toBe('en')
  })

  it('keeps the test pseudo-locales exactly (en-XA, ar-XB), which no Settings choice offers', () => {
    expect(negotiateLanguage(['en-XA'])).toBe('en-XA')
    expect(negotiateLanguage(['ar-XB'])).toBe('ar-XB')
    expect(directionOf('ar-XB')).toBe('rtl')
    expect(SHIPPED_LANGUAGES.map((language) => language.code)).not.toContain('en-XA')
  })

  it('takes the first language it speaks from the list, and English when none (or nothing) is known', () => {
    expect(negotiateLanguage(['ko-KR', 'sv', 'it-CH', 'de'])).toBe('it')
    expect(negotiateLanguage(['ko-KR', 'sv'])).toBe('en')
    expect(negotiateLanguage([])).toBe('en')
  })

  it('reads tags in any case and with underscores (Windows and POSIX spellings), and skips ones it cannot read', () => {
    expect(negotiateLanguage(['PT_br'])).toBe('pt-BR')
    expect(negotiateLanguage(['zh_cn'])).toBe('zh-CN')
    expect(negotiateLanguage(['DE_at'])).toBe('de')
    expect(negotiateLanguage(['EN-xa'])).toBe('en-XA')
    expect(negotiateLanguage(['not a tag!', 'nl-BE'])).toBe('nl')
  })
})

describe('the shipped languages', () => {
  it('are named in their own words, Arabic right to left', () => {
    const names = Object.fromEntries(SHIPPED_LANGUAGES.map((language) => [language.code, language.name]))
    expect(names).toMatchObject({ de: 'Deutsch', ja: '日本語', ar: 'العربية' })
    expect(SHIPPED_LANGUAGES.filter((language) => directionOf(language.code) === 'rtl').map((language) => language.code)).toEqual(['ar'])
  })
})
