import { readFileSync } from 'node:fs'
import { baseCompile } from '@intlify/message-compiler'
import { describe, expect, it } from 'vitest'
import { pseudoFilesOf } from '../../scripts/make-pseudo-catalogs'
import { PSEUDO_LANGUAGES, pluralFormsOf, SHIPPED_LANGUAGES, type LanguageCode } from '../../src-shared/i18n/languages'
import { areaCatalogs, flatten, formsOf, placeholdersOf } from '../support/catalogs'

/*
 * Every language has every message English has, no more, with the same placeholders and as
 * many plural forms as the language has (English 2, French 3, Arabic 6, Japanese 1); every
 * message compiles; the pseudo-locales are made from today's English.
 */

const areas = areaCatalogs()
const languages: LanguageCode[] = [...SHIPPED_LANGUAGES, ...PSEUDO_LANGUAGES].map((language) => language.code)

describe('the catalogs', () => {
  it('exist, one folder per area', () => {
    expect(areas.length).toBeGreaterThan(0)
  })

  for (const catalog of areas) {
    describe(catalog.name, () => {
      const english = catalog.read('en')
      const source = english ? flatten(english, catalog.area) : new Map<string, string>()

      it('has an English catalog', () => expect(english).not.toBeNull())

      for (const language of languages.filter((code) => code !== 'en')) {
        it(`${language}: every message, no more, same placeholders, its plural forms, compiling`, () => {
          const tree = catalog.read(language)
          expect(tree, `${catalog.name}/${language}.json is missing`).not.toBeNull()
          const messages = flatten(tree ?? {}, catalog.area)
          const problems: string[] = []
          for (const key of source.keys()) if (!messages.has(key)) problems.push(`${key}: missing`)
          for (const key of messages.keys()) if (!source.has(key)) problems.push(`${key}: not in English (unused)`)
          for (const [key, message] of messages) {
            const englishMessage = source.get(key)
            if (englishMessage === undefined) continue
            const wanted = placeholdersOf(englishMessage).join(', ')
            const found = placeholdersOf(message).join(', ')
            if (wanted !== found) problems.push(`${key}: placeholders {${found}} instead of {${wanted}}`)
            const plural = formsOf(englishMessage).length > 1
            const forms = formsOf(message).length
            const expected = plural ? pluralFormsOf(language).length : 1
            if (forms !== expected) problems.push(`${key}: ${forms} forms instead of ${expected} (${plural ? pluralFormsOf(language).join(', ') : 'not a plural'})`)
            if (message.trim() === '') problems.push(`${key}: empty`)
            baseCompile(message, { onError: (error) => problems.push(`${key}: ${error.message}`) })
          }
          expect(problems).toEqual([])
        })
      }

      it('English: every message compiles; plurals have one and other', () => {
        const problems: string[] = []
        for (const [key, message] of source) {
          baseCompile(message, { onError: (error) => problems.push(`${key}: ${error.message}`) })
          const forms = formsOf(message).length
          if (forms !== 1 && forms !== 2) problems.push(`${key}: ${forms} forms`)
        }
        expect(problems).toEqual([])
      })

      it('the pseudo-locales are made from today’s English (npm run i18n:pseudo)', () => {
        for (const { file, text } of pseudoFilesOf(catalog.folder)) expect(readFileSync(file, 'utf8'), file).toBe(text)
      })
    })
  }
})
