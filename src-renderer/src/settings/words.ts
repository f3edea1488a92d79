import type { KeySource } from '../../../src-shared/domain/auth'
import type { LinkState } from '../../../src-shared/domain/links'
import type { InstallFailure } from '../../../src-shared/domain/updates'
import { countOf, NOUNS } from '../words/plural'

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

  links: {
    heading: 'Linked files and hot folders',
    lead: 'A linked PDF updates its flipbook each time you save the file again: same link, so readers always see the latest version.',
    files: 'Linked files',
    noFiles: 'No linked files yet. Turn on “Update when the file changes” for a published upload, or use “Link a local file…” on an item in the Library.',
    update: 'Update when the file changes',
    updating: 'Updating…',
    lastUpdate: (when: string, size: string) => `Last published ${when} · ${size}`,
    state: {
      active: null,
      paused: 'Not updating: changes to the file are not published.',
      missing: 'File missing: it was moved or deleted. The flipbook stays as it is.',
      'item-gone': 'Deleted on the service: there is nothing to update.'
    } satisfies Record<LinkState, string | null>,
    versions: (count: number) => countOf(count, { one: 'earlier version', other: 'earlier versions' }),
    restore: 'Restore',
    restoreLabel: (when: string, name: string) => `Restore the version of ${when} of ${name}`,
    pages: (count: number) => countOf(count, NOUNS.page),
    unlink: 'Unlink',
    unlinkLabel: (name: string) => `Unlink ${name}`,

    folders: 'Hot folders',
    foldersLead: 'Every new PDF saved into a hot folder is published, then kept linked.',
    noFolders: 'No hot folders yet.',
    folderActive: 'Publish new PDFs',
    kind: { Flipbook: 'Flipbooks', Document: 'Documents' },
    folderMissing: 'Folder missing: it was moved, renamed or is not connected.',
    polling: 'Checked every few seconds (a network folder).',
    publishing: (count: number) => `Publishing ${countOf(count, NOUNS.pdf)}…`,
    offered: (count: number) =>
      `${countOf(count, NOUNS.pdf)} ${count === 1 ? 'was' : 'were'} already in this folder. ${count === 1 ? 'It is' : 'They are'} published only if you say so.`,
    publishOffered: (count: number) => `Publish ${count.toLocaleString()}`,
    remove: 'Remove',
    removeLabel: (path: string) => `Remove the hot folder ${path}`,
    addKind: 'New PDFs in it become',
    add: 'Add a hot folder…',
    /** With several accounts signed in: a new hot folder publishes to the account in use. */
    addFor: (label: string) => `Its PDFs go to ${label}, the account in use now.`,
    keepCopies: 'Keep a copy of each version',
    keepCopiesHint: 'Each published version is kept in FlipDrop’s data folder, so an earlier one can be restored.'
  }
} as const
