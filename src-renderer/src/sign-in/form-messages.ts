import { i18n, t } from '../i18n/i18n'
import { settingsMessage } from '../settings/schema-messages'

/*
 * The sign-in schema (src-shared/domain/auth.ts) refuses a key in English: main and the command
 * share it. As for settings (settings/schema-messages.ts), the English catalog holds the
 * schema's very sentences, so each is matched and said in the window's language; an address
 * refused by the settings schema is said by settingsMessage.
 */

/** The schema's refusals of a key, by their key (written out whole, so the catalog check finds them). */
const KEY_REFUSALS = ['signIn.keyErrors.tooShort', 'signIn.keyErrors.tooLong', 'signIn.keyErrors.characters'] as const

/** A refusal of the sign-in form in the window's language; as it came when it is not one the schema gives. */
export function signInMessage(message: string): string {
  const key = KEY_REFUSALS.find((candidate) => i18n.global.t(candidate, {}, { locale: 'en' }) === message)
  return key === undefined ? settingsMessage(message) : t(key)
}
