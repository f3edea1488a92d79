import { z } from 'zod'
import { SHIPPED_LANGUAGES } from '../i18n/languages'
import { READERS_REFRESH } from './readers'

/** The service's public API host (the Flipbook host). */
export const DEFAULT_BASE_URL = 'https://go.fliplink.me'

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/** Whether a value is a URL whose checks should run (an allowed empty value skips them). */
const checked = (allowEmpty: boolean) => (value: string) => !(allowEmpty && value === '') && URL.canParse(value)

/**
 * A service address: https, or plain http only for this computer (a local emulator).
 * Keys travel in a header, so they must never cross a network unencrypted.
 * With `allowEmpty`, '' means "not set".
 */
function serviceUrl(label: string, allowEmpty = false) {
  const isUrl = checked(allowEmpty)
  return z
    .string()
    .trim()
    .max(2048)
    .refine((value) => (allowEmpty && value === '') || URL.canParse(value), { message: `${label} is not a valid web address.` })
    .refine(
      (value) => {
        if (!isUrl(value)) return true
        const url = new URL(value)
        return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))
      },
      { message: `${label} must start with https:// (http:// is allowed only for this computer).` }
    )
    .refine((value) => !isUrl(value) || (new URL(value).username === '' && new URL(value).password === ''), {
      message: `${label} must not contain a user name or password.`
    })
    .transform((value) => value.replace(/\/+$/, ''))
}

const proxyUrl = z
  .string()
  .trim()
  .max(2048)
  .refine((value) => value === '' || (URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol)), {
    message: 'Proxy must be an http:// or https:// address, like http://proxy.example.com:8080.'
  })

/** A proxy address without its password (a user name may stay): the password lives in the keychain. */
export function withoutProxyPassword(value: string): string {
  if (!URL.canParse(value)) return value
  const url = new URL(value)
  if (url.password === '') return value
  url.password = ''
  // As typed otherwise: no slash added after the port.
  return value.endsWith('/') ? url.href : url.href.replace(/\/$/, '')
}

/** The proxy password in an address (`http://user:pass@host`), decoded; '' without one. */
export function proxyPasswordIn(value: string): string {
  if (!URL.canParse(value)) return ''
  const { password } = new URL(value)
  try {
    return decodeURIComponent(password)
  } catch {
    return password
  }
}

/** A proxy address as a change from the form: a password in it is refused (the form keeps it in the keychain). */
const proxyUrlChange = proxyUrl.refine((value) => proxyPasswordIn(value) === '', {
  message: 'Put the proxy’s password in the password field, not in the address.'
})

/** Everything the user can set, with defaults; shared by the Settings form and main. */
export const settingsSchema = z.object({
  baseUrl: serviceUrl('The flipbook service address').default(DEFAULT_BASE_URL),
  /** The document host; Documents cannot be made without it (no public default is known). */
  documentUrl: serviceUrl('The document service address', true).default(''),
  uploadConcurrency: z
    .number({ message: 'Uploads at once must be a number.' })
    .int('Uploads at once must be a whole number.')
    .min(1, 'At least one upload at a time.')
    .max(6, 'At most 6 uploads at a time.')
    .default(2),
  /** Overrides HTTPS_PROXY / HTTP_PROXY when set; a user name may be in it, never a password (that is in the keychain). */
  proxyUrl: proxyUrl.transform(withoutProxyPassword).default(''),
  notifications: z.boolean().default(true),
  /** The window's language: the operating system's preferred languages, or one chosen in Settings. */
  language: z.enum(['system', ...SHIPPED_LANGUAGES.map((language) => language.code)]).default('system'),
  /** How often the app asks the service for current views and leads (counts only), while it runs. */
  readersRefresh: z.enum(READERS_REFRESH).default('6h'),
  /** A notification when an item got new leads since yesterday (at most one a day per account). */
  readersNotifications: z.boolean().default(false)
})

export type Settings = z.output<typeof settingsSchema>

const shape = settingsSchema.shape

/**
 * A change to some settings; each field is checked as in the full schema. Without the
 * defaults: a field left out of a change is kept as it is, never reset to its default.
 */
export const settingsPatchSchema = z
  .object({
    baseUrl: shape.baseUrl.removeDefault().optional(),
    documentUrl: shape.documentUrl.removeDefault().optional(),
    uploadConcurrency: shape.uploadConcurrency.removeDefault().optional(),
    proxyUrl: proxyUrlChange.optional(),
    notifications: shape.notifications.removeDefault().optional(),
    language: shape.language.removeDefault().optional(),
    readersRefresh: shape.readersRefresh.removeDefault().optional(),
    readersNotifications: shape.readersNotifications.removeDefault().optional()
  })
  .strict()

export type SettingsPatch = z.input<typeof settingsPatchSchema>

/** The proxy's password from the form, on its way to the keychain; null removes it. */
export const proxyPasswordSchema = z
  .object({ password: z.string().min(1, 'Type the proxy’s password.').max(1024, 'That password is too long.').nullable() })
  .strict()

/** Settings as the renderer sees them: values, and which ones the environment overrides. */
export interface SettingsView {
  values: Settings
  fromEnvironment: { baseUrl: boolean; documentUrl: boolean; apiKey: boolean }
  /** Whether the proxy's password is in the keychain: all the window ever learns of it. */
  proxyPasswordSet: boolean
}
