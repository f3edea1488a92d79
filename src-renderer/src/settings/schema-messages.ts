import { i18n, t } from '../i18n/i18n'

/*
 * The settings schema (src-shared/domain/settings.ts) refuses values in English: main and the
 * command share it, and src-shared knows nothing of catalogs. The window shows each refusal it
 * knows in its own language: the English catalog holds the schema's very sentences, so a
 * message is matched against them; one not known (from a newer main) shows as it came.
 */

type Named = Record<string, string | number>

/** Each refusal of the schema, by its key (written out whole, so the catalog check finds it), with what fills its placeholders. */
const REFUSALS: Record<string, Named> = {
  'settings.errors.baseNotUrl': {},
  'settings.errors.baseNotHttps': {},
  'settings.errors.baseCredentials': {},
  'settings.errors.documentNotUrl': {},
  'settings.errors.documentNotHttps': {},
  'settings.errors.documentCredentials': {},
  'settings.errors.concurrencyNumber': {},
  'settings.errors.concurrencyWhole': {},
  'settings.errors.concurrencyMin': {},
  'settings.errors.concurrencyMax': { max: 6 },
  'settings.errors.proxyNotHttp': { example: 'http://proxy.example.com:8080' },
  'settings.errors.proxyPassword': {},
  'settings.errors.passwordEmpty': {},
  'settings.errors.passwordLong': {},
  'settings.errors.other': {}
}

const englishOf = (key: string, named: Named): string => i18n.global.t(key, named, { locale: 'en' })

/** A settings refusal in the window's language; as it came when it is not one the schema gives. */
export function settingsMessage(message: string): string {
  for (const [key, named] of Object.entries(REFUSALS)) {
    if (englishOf(key, named) === message) return t(key, named)
  }
  return message
}

/** A value refused without a message of its own. */
export function otherRefusal(): string {
  return t('settings.errors.other')
}
