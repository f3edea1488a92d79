import { negotiateLanguage, type LanguageCode } from '../../../src-shared/i18n/languages'
import type { Settings } from '../../../src-shared/domain/settings'

/** The language main speaks: the one Settings chose, else the system's first that FlipDrop ships (as the window does). */
export function desktopLanguageFor(setting: Settings['language'] | undefined, systemLanguages: readonly string[]): LanguageCode {
  return negotiateLanguage(setting !== undefined && setting !== 'system' ? [setting] : systemLanguages)
}
