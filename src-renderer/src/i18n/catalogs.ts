/// <reference types="vite/client" />
import type { LocaleMessage } from '@intlify/core-base'
import type { VueMessageType } from 'vue-i18n'
import type { LanguageCode } from '../../../src-shared/i18n/languages'

/*
 * The window's catalogs: src-shared/i18n/{window,core}/<area>/<language>.json, compiled at build time
 * by @intlify/unplugin-vue-i18n (no message compiler ships). English is in the first chunk, as
 * the fallback every language needs; every other language is a chunk loaded only when chosen.
 */

/** One language's messages by area; compiled messages are functions, which vue-i18n's message type allows. */
export type Messages = Record<string, LocaleMessage<VueMessageType>>

// The window's own words, and the core's sentences (src-shared/i18n/core) it says in its language.
const english = import.meta.glob<LocaleMessage<VueMessageType>>(['../../../src-shared/i18n/window/*/en.json', '../../../src-shared/i18n/core/*/en.json'], {
  eager: true,
  import: 'default'
})
const others = import.meta.glob<LocaleMessage<VueMessageType>>(
  ['../../../src-shared/i18n/window/*/*.json', '../../../src-shared/i18n/core/*/*.json', '!../../../src-shared/i18n/window/*/en.json', '!../../../src-shared/i18n/core/*/en.json'],
  { import: 'default' }
)

/** "…/window/library/de.json" → ["library", "de"]. */
function placeOf(path: string): [area: string, language: string] {
  const parts = path.split('/')
  return [parts.at(-2) ?? '', (parts.at(-1) ?? '').replace(/\.json$/, '')]
}

export function englishMessages(): Messages {
  const messages: Messages = {}
  for (const [path, areaMessages] of Object.entries(english)) messages[placeOf(path)[0]] = areaMessages
  return messages
}

/** One language's messages, every area, loaded together. */
export async function loadMessages(language: LanguageCode): Promise<Messages> {
  if (language === 'en') return englishMessages()
  const wanted = Object.entries(others).filter(([path]) => placeOf(path)[1] === language)
  const loaded = await Promise.all(wanted.map(async ([path, load]) => [placeOf(path)[0], await load()] as const))
  return Object.fromEntries(loaded)
}
