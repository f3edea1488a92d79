import type { Said } from '../../../src-shared/i18n/said'
import { activeLanguage } from '../i18n/active-language'
import { spoken } from '../i18n/spoken'

/** Languages whose sentences follow each other with no space. */
const JOINED_WITHOUT_SPACE = new Set(['ja', 'zh-CN'])

/**
 * A notice of the queue in the window's language: its whole sentences, each said from the
 * catalog and joined as the language joins sentences; the English as it came from an older core.
 */
export function noticeText(english: string, said: readonly Said[] | undefined): string {
  if (!said || said.length === 0) return english
  const sentences = said.map((one) => spoken(one, ''))
  return sentences.includes('') ? english : sentences.join(JOINED_WITHOUT_SPACE.has(activeLanguage.value) ? '' : ' ')
}
