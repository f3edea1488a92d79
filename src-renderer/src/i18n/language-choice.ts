import { watch } from 'vue'
import { isShippedLanguage, negotiateLanguage, type LanguageCode } from '../../../src-shared/i18n/languages'
import { bridge } from '../bridge'
import { useAppStore } from '../stores/app-store'
import { useSettingsStore } from '../stores/settings-store'
import { speak } from './i18n'

/*
 * Which language the window speaks: the one chosen in Settings, else the operating system's
 * preferred languages (Electron's app.getPreferredSystemLanguages(), through app info), else
 * the browser's (the browser demo). The choice is remembered here too, so the next start
 * speaks it from the first paint instead of waiting for the settings.
 */

const REMEMBERED = 'flipdrop.language'

function remembered(): string | null {
  try {
    return localStorage.getItem(REMEMBERED)
  } catch {
    return null
  }
}

function remember(setting: string): void {
  try {
    localStorage.setItem(REMEMBERED, setting)
  } catch {
    // Without storage the first paint of the next start speaks the system's language for a moment.
  }
}

/** The language for a setting ('system' or a shipped language) and the preferred languages. */
export function languageFor(setting: string | null | undefined, preferred: readonly string[]): LanguageCode {
  if (setting && setting !== 'system' && isShippedLanguage(setting)) return setting
  return negotiateLanguage(preferred)
}

/** The system's preferred languages, else the browser's (the browser demo). */
export function preferredFrom(systemLanguages: readonly string[] | undefined): readonly string[] {
  return systemLanguages && systemLanguages.length > 0 ? systemLanguages : navigator.languages
}

/** Before the first paint: the remembered setting, or the system's languages. */
export async function speakFirstLanguage(): Promise<void> {
  const info = await bridge()
    .app.info()
    .catch(() => null)
  await speak(languageFor(remembered(), preferredFrom(info?.ok ? info.value.preferredLanguages : undefined)))
}

/** From then on: a change in Settings applies at once, without a restart. Returns the stop. */
export function followLanguageSetting(): () => void {
  const app = useAppStore()
  const settings = useSettingsStore()
  return watch(
    () => [settings.view?.values.language, app.info?.preferredLanguages] as const,
    ([setting, system]) => {
      if (setting === undefined) return
      remember(setting)
      void speak(languageFor(setting, preferredFrom(system)))
    },
    { immediate: true }
  )
}
