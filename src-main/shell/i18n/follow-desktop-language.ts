import type { Settings } from '../../../src-shared/domain/settings'
import { desktopLanguageFor } from './desktop-language-choice'
import { desktopLanguage, speakDesktop } from './desktop-i18n'

/**
 * Keeps main's language in step with Settings → Language: `apply` takes the setting each time
 * the settings change (and once the core has read them); when the language it gives differs,
 * main speaks it and `relabel` rebuilds what holds words already shown (the menu, the tray).
 */
export function followDesktopLanguage(systemLanguages: () => readonly string[], relabel: () => void): (setting: Settings['language'] | undefined) => void {
  return (setting) => {
    const wanted = desktopLanguageFor(setting, systemLanguages())
    if (wanted === desktopLanguage()) return
    speakDesktop(wanted)
    relabel()
  }
}
