/*
 * Chromium's pseudo-locales, made from the English catalogs (scripts/make-pseudo-catalogs.ts):
 * every letter accented, each message about 40 % longer and in brackets, so a test can see
 * at a glance a word that escaped the catalogs (plain ASCII outside brackets) and a word
 * that no longer fits (the longer text clips). Placeholders and plural forms are kept.
 */

const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter, index) => [
    letter,
    [...'åƀçđéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'][index] ?? letter
  ])
)

const PADDING = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten']

function accented(text: string): string {
  return [...text].map((character) => ACCENTED[character] ?? character).join('')
}

/** About 40 % more letters, as counted words ("one two three") so lines can still wrap. */
function padding(length: number): string {
  const wanted = Math.ceil(length * 0.4)
  const words: string[] = []
  for (let index = 0; words.join(' ').length < wanted; index++) words.push(PADDING[index % PADDING.length] ?? 'one')
  return words.length > 0 ? ` ${accented(words.join(' '))}` : ''
}

/** Splits a vue-i18n message into placeholders / literals (`{…}`, `@:key`) kept as they are, and text. */
function pieces(form: string): { text: boolean; value: string }[] {
  return form.split(/(\{[^}]*\}|@[.a-z]*:[\w.]+)/).map((value, index) => ({ text: index % 2 === 0, value }))
}

function pseudoForm(form: string, rtl: boolean): string {
  const parts = pieces(form)
  const textLength = parts.filter((part) => part.text).reduce((sum, part) => sum + part.value.length, 0)
  const body = parts.map((part) => (part.text ? accented(part.value) : part.value)).join('')
  const leading = body.match(/^\s*/)?.[0] ?? ''
  const trailing = body.match(/\s*$/)?.[0] ?? ''
  const inner = `${body.trim()}${padding(textLength)}`
  // ar-XB: the same words, read right to left (U+202E … U+202C), as Chromium's pseudo-locale does.
  return `${leading}[${rtl ? `\u202e${inner}\u202c` : inner}]${trailing}`
}

/** What a pseudo-locale is made for: its direction, and the plural forms of the language it stands in for. */
export interface PseudoTarget {
  rtl: boolean
  /** The target's plural categories, in CLDR order (ar-XB: Arabic's six). */
  forms: readonly Intl.LDMLPluralRule[]
}

/**
 * One message in a pseudo-locale; each plural form on its own. An English plural (one | other)
 * becomes as many forms as the target has: "one" from English's one, every other from its other.
 */
export function pseudoMessage(message: string, target: PseudoTarget): string {
  const forms = message.split('|')
  if (forms.length === 2 && target.forms.length !== 2) {
    const [one = '', other = ''] = forms
    return target.forms.map((category) => pseudoForm(category === 'one' ? one : other, target.rtl)).join('|')
  }
  return forms.map((form) => pseudoForm(form, target.rtl)).join('|')
}

export type CatalogTree = { [key: string]: string | CatalogTree }

/** A whole catalog in a pseudo-locale. */
export function pseudoCatalog(catalog: CatalogTree, target: PseudoTarget): CatalogTree {
  return Object.fromEntries(
    Object.entries(catalog).map(([key, value]) => [key, typeof value === 'string' ? pseudoMessage(value, target) : pseudoCatalog(value, target)])
  )
}
