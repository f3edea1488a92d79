import type { KeySource } from '../../../src-shared/domain/auth'
import type { InstallFailure } from '../../../src-shared/domain/updates'
import { intlLocale, t } from '../i18n/i18n'

/*
 * Every sentence of the Settings view (catalog area `settings`): what each setting is for and
 * when to touch it, in the words of the people who publish.
 */

/** "40 %", "40 %", "٤٠٪": the download's progress as the language writes a percentage. */
function percentOf(percent: number): string {
  return new Intl.NumberFormat(intlLocale(), { style: 'percent', maximumFractionDigits: 0 }).format(percent / 100)
}

export const SETTINGS_WORDS = {
  get title() { return t('settings.title') },
  get saved() { return t('settings.saved') },
  fromEnvironment: (variable: string) => t('settings.fromEnvironment', { variable }),

  /** The window's language: the system's, or one of the shipped ones, each named in its own words. */
  language: {
    get heading() { return t('settings.language.heading') },
    get label() { return t('settings.language.label') },
    system: (language: string) => t('settings.language.system', { language }),
    get hint() { return t('settings.language.hint') }
  },

  publishing: {
    get heading() { return t('settings.publishing.heading') },
    get concurrency() { return t('settings.publishing.concurrency') },
    get concurrencyHint() { return t('settings.publishing.concurrencyHint') },
    get notifications() { return t('settings.publishing.notifications') },
    get notificationsHint() { return t('settings.publishing.notificationsHint') }
  },

  network: {
    get heading() { return t('settings.network.heading') },
    get lead() { return t('settings.network.lead') },
    get proxy() { return t('settings.network.proxy') },
    get proxyPlaceholder() { return t('settings.network.proxyPlaceholder') },
    get proxyHint() { return t('settings.network.proxyHint') },
    get password() { return t('settings.network.password') },
    get passwordHint() { return t('settings.network.passwordHint', { example: 'http://name@proxy.example.com:8080' }) },
    get passwordSaved() { return t('settings.network.passwordSaved') },
    get savePassword() { return t('settings.network.savePassword') },
    get changePassword() { return t('settings.network.changePassword') },
    get removePassword() { return t('settings.network.removePassword') },
    get cancel() { return t('settings.network.cancel') }
  },

  service: {
    get heading() { return t('settings.service.heading') },
    get lead() { return t('settings.service.lead') },
    get base() { return t('settings.service.base') },
    get baseHint() { return t('settings.service.baseHint') },
    get document() { return t('settings.service.document') },
    get documentHint() { return t('settings.service.documentHint') },
    get documentPlaceholder() { return t('settings.service.documentPlaceholder') }
  },

  key: {
    get heading() { return t('settings.key.heading') },
    status: {
      get keychain() { return t('settings.key.status.keychain') },
      get session() { return t('settings.key.status.session') },
      get environment() { return t('settings.key.status.environment', { variable: 'FLIPDROP_API_KEY' }) },
      get none() { return t('settings.key.status.none') }
    } satisfies Record<KeySource, string>,
    get change() { return t('settings.key.change') }
  },

  updates: {
    get heading() { return t('settings.updates.heading') },
    version: (version: string) => t('settings.updates.version', { version }),
    get check() { return t('settings.updates.check') },
    get checking() { return t('settings.updates.checking') },
    get upToDate() { return t('settings.updates.upToDate') },
    upToDateAt: (when: string) => t('settings.updates.upToDateAt', { when }),
    downloading: (version: string, percent: number | null) =>
      percent === null ? t('settings.updates.downloading', { version }) : t('settings.updates.downloadingPercent', { version, percent: percentOf(percent) }),
    ready: (version: string) => t('settings.updates.ready', { version }),
    /** Ready, but kept until no upload runs: main waits for them anyway. */
    readyWaiting: (version: string) => t('settings.updates.readyWaiting', { version }),
    get restart() { return t('settings.updates.restart') },
    installing: (version: string) => t('settings.updates.installing', { version }),
    available: (version: string) => t('settings.updates.available', { version }),
    /** Available, for a copy that cannot install updates itself. */
    availableDownload: (version: string) => t('settings.updates.availableDownload', { version }),
    get download() { return t('settings.updates.download') },
    notInstalled: {
      get 'password-not-given'() { return t('settings.updates.notInstalled.passwordNotGiven') },
      get 'cannot-replace'() { return t('settings.updates.notInstalled.cannotReplace') },
      get other() { return t('settings.updates.notInstalled.other') }
    } satisfies Record<InstallFailure, string>,
    get failed() { return t('settings.updates.failed') }
  },

  /** Linked files and hot folders have their own view now; Settings says where they went. */
  watched: {
    get heading() { return t('settings.watched.heading') },
    get lead() { return t('settings.watched.lead') },
    get open() { return t('settings.watched.open') }
  }
}
