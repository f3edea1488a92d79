import type { KeySource } from '../../../src-shared/domain/auth'
import type { InstallFailure } from '../../../src-shared/domain/updates'

/*
 * Every sentence of the Settings view, in one place for the next copy pass: what each
 * setting is for and when to touch it, in the words of the people who publish.
 */

export const SETTINGS_WORDS = {
  title: 'Settings',
  saved: 'Saved.',
  fromEnvironment: (variable: string) => `Set on this computer by ${variable}; change it there.`,

  publishing: {
    heading: 'Publishing',
    concurrency: 'Uploads at once',
    concurrencyHint: 'More at once finishes a batch sooner on a fast connection; fewer leaves room for other work on a slow or shared one.',
    notifications: 'Notifications',
    notificationsHint: 'While FlipDrop is in the background, tell me when a batch finishes or an upload fails.'
  },

  network: {
    heading: 'Network',
    lead: 'Only needed when FlipDrop cannot reach the service although this computer is online: a company network that sends web traffic through a proxy server.',
    proxy: 'Proxy server',
    proxyPlaceholder: 'http://proxy.example.com:8080',
    proxyHint: 'Ask your IT team for the address. Leave empty to use this computer’s own proxy settings. FlipDrop checks the connection again as soon as you change it.',
    password: 'Proxy password',
    passwordHint: 'Only if the proxy asks you to sign in: put your user name in the address (http://name@proxy.example.com:8080) and the password here. It is kept in your system keychain.',
    passwordSaved: 'Saved in your keychain.',
    passwordNone: 'No password saved.',
    savePassword: 'Save password',
    changePassword: 'Change',
    removePassword: 'Remove',
    cancel: 'Cancel'
  },

  service: {
    heading: 'Service addresses',
    lead: 'Where FlipDrop publishes. Change them only if your flipbook provider gives you other addresses.',
    base: 'Flipbook service address',
    baseHint: 'Where your flipbooks are published, and where FlipDrop reads your account and library.',
    document: 'Document service address',
    documentHint: 'Needed to publish Documents: PDFs shown in the service’s document viewer instead of as flipbooks. Empty: FlipDrop publishes flipbooks only.',
    documentPlaceholder: 'Not set'
  },

  key: {
    heading: 'API key',
    status: {
      keychain: 'Stored in your system keychain.',
      session: 'Kept for this session only: forgotten when FlipDrop quits.',
      environment: 'Set on this computer by FLIPDROP_API_KEY.',
      none: 'No key.'
    } satisfies Record<KeySource, string>,
    change: 'To use another key, sign out from the account menu (your name at the bottom of the sidebar) and sign in again.'
  },

  updates: {
    heading: 'Updates',
    version: (version: string) => `This is FlipDrop ${version}.`,
    check: 'Check for updates',
    checking: 'Checking…',
    upToDate: 'FlipDrop is up to date.',
    checkedAt: (when: string) => `Last checked ${when}.`,
    downloading: (version: string, percent: number | null) => `Downloading FlipDrop ${version}${percent === null ? '' : ` (${percent} %)`}… You can keep working.`,
    ready: (version: string) => `FlipDrop ${version} is ready.`,
    restart: 'Restart to update',
    waitingForUploads: 'It installs once your uploads are done and you choose to restart.',
    installing: (version: string) => `Installing FlipDrop ${version}…`,
    available: (version: string) => `FlipDrop ${version} is available.`,
    download: 'Download the new version',
    downloadHint: 'This copy of FlipDrop cannot install updates itself: download the new version and replace FlipDrop with it.',
    notInstalled: {
      'password-not-given':
        'The update was not installed: the administrator password was not given. FlipDrop is still running the current version; nothing was lost.',
      'cannot-replace':
        'The update was not installed: FlipDrop could not replace its own file (its folder cannot be written). FlipDrop is still running the current version; nothing was lost.',
      other: 'The update was not installed. FlipDrop is still running the current version; nothing was lost.'
    } satisfies Record<InstallFailure, string>,
    failed: 'FlipDrop could not check for updates. Check your connection and try again.'
  },

  /** Linked files and hot folders have their own view now; Settings says where they went. */
  watched: {
    heading: 'Watched folders',
    lead: 'Linked files, hot folders and the copies kept of each version have their own place in the sidebar.',
    open: 'Open Watched folders'
  }
} as const
