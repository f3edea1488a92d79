import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { contract } from '../../src-shared/contract'
import type { Account } from '../../src-shared/domain/service/account'
import { createAccountService, type AccountService } from './account/account-service'
import { createAccountSnapshotStore } from './account/account-snapshot'
import { createReferenceCache } from './account/reference-cache'
import { createReferenceLists } from './account/reference-lists'
import type { AppHost } from './app/app-service'
import type { ProxyResolver } from './api/http/network'
import { systemAndBundledCertificates } from './api/http/trusted-certificates'
import type { ApiClient, ApiClientOptions } from './api/api-client'
import { createAccountCache } from './auth/account-cache'
import { openKnownAccounts } from './accounts/known-accounts'
import { resolveAccount } from './accounts/resolve-account'
import { createAuthService, type AuthService } from './auth/auth-service'
import { createKeyRing } from './auth/key-ring'
import { createLibraryService, type LibraryService } from './library/library-service'
import type { EventSink } from './events'
import type { LogSink, Logger } from './log'
import type { LogFile } from './logging/log-file'
import { createKeychainStore } from './secrets/keychain-store'
import type { KeychainStore, KeyStore } from './secrets/key-store'
import { createServiceConnection, type ServiceConnection } from './service/service-connection'
import { effectiveSettings, type EnvironmentOverrides } from './settings/effective-settings'
import { createSettingsService, type SettingsService } from './settings/settings-service'
import { openSettingsStore } from './settings/settings-store'
import { moveProxyPasswordToKeychain } from './settings/move-proxy-password'
import { createProxyPasswords, PROXY_KEYCHAIN_SERVICE, proxyPasswordStored } from './settings/proxy-password'
import { openQueueStore } from './queue/queue-store'
import { createUploadQueue, type UploadQueue } from './queue/upload-queue'
import { acquireDataLock } from './storage/data-lock'
import { durableWritesSettled } from './storage/durable-file'
import { asCannotSave } from './storage/storage-trouble'
import { handoffAddress } from './handoff/handoff-address'
import { startHandoffServer, type HandoffServer } from './handoff/handoff-server'
import { createHandoffDispatch } from './handoff/uploads-dispatch'
import { createLinksService, type LinksService } from './links/links-service'
import type { ShareHost } from './share/share-host'
import { createShareService, type ShareService } from './share/share-service'
import { createReadersService, type ReadersService } from './readers/readers-service'
import type { QueueChange } from '../../src-shared/domain/queue'
import { NO_PAINT_WAIT, type FirstPaint } from './first-paint'
import { AppError } from '../../src-shared/contract/errors'
import { sentence } from './i18n/sentence'

/** Everything the core needs from whoever hosts it (Electron main, the test host, the command). */
export interface CoreConfig {
  app: AppHost
  /** Where settings, caches and the queue live (Electron's userData folder, or FLIPDROP_DATA_DIR). */
  userDataDir: string
  /** FLIPDROP_API_KEY / FLIPDROP_BASE_URL / FLIPDROP_DOCUMENT_URL. */
  environment?: EnvironmentOverrides
  /** Defaults to the OS keychain through keytar. */
  keychain?: KeychainStore
  /** Where the Settings proxy's password is kept; defaults to the OS keychain, under its own service name. */
  proxyKeychain?: KeyStore
  /** Pushes events to the windows. */
  emit?: EventSink
  logSink?: LogSink
  /** The data folder's rotating log file (the app and the command); every line also goes there. */
  logFile?: LogFile
  /** The OS proxy for a URL, as Chromium resolves it (Electron's session.resolveProxy). */
  resolveProxy?: ProxyResolver
  /** PEM roots to trust; defaults to Node's bundled roots plus the OS store where Node can read it. */
  trustedCertificates?: readonly string[]
  /** Tells the core when the OS network goes away or comes back (Electron's online state); returns the stop function. */
  watchNetwork?: (onChange: (online: boolean) => void) => () => void
  /** Tests shorten the client's timeouts. */
  createClient?: (options: ApiClientOptions) => ApiClient
  /** The OS file dialog for "Add PDFs…" (Electron's dialog in main; the test host picks for the test). */
  choosePdfs?: () => Promise<string[]>
  /** The OS folder dialog for "Add a hot folder…" (Electron's dialog in main; the test host answers for the test); null when cancelled. */
  chooseFolder?: () => Promise<string | null>
  /** The OS save dialog for "Download PDF" and "Export CSV" (Electron's dialog in main; the test host answers for the test); null when cancelled. */
  chooseSavePath?: (defaultName: string) => Promise<string | null>
  /** Shows a file FlipDrop saved, selected in its folder (Electron's shell in main; the test host records it). */
  showInFolder?: (path: string) => void
  /** Share's rich clipboard, file drag and folder dialog (Electron in main; the test host records them); absent in the command. */
  share?: ShareHost
  /** Who holds the data folder, as told to a second `flipdrop` through the lock file. Defaults to 'app'. */
  role?: 'app' | 'command'
  /**
   * A command's `--account` (email, UserID, name or brand): that signed-in account is current
   * for this process, and the app's choice is left alone. Refused when it names none or several.
   */
  account?: string
  /**
   * False: the queue takes jobs but sends none (a command that queues and leaves). 'added': it
   * sends only the jobs added while it runs (a command publishing its own files), and takes no
   * work from others. Default true.
   */
  runUploads?: boolean | 'added'
  /** Library sync and reference-list refresh on their own (default: in the app, not in a command). */
  backgroundSync?: boolean
  /**
   * Linked PDFs and hot folders: `watch` (default: the app, not the command, which only edits
   * links unless it is `flipdrop watch`); tests shorten the settling time (awaitWriteFinish).
   */
  links?: { watch?: boolean; stabilityMs?: number; pollIntervalMs?: number }
  /** While the disk is full or the data folder read-only: how often the queue tries to save again (tests shorten it). */
  saveRetryMs?: number
  /** Tests lengthen the first wait before an interrupted library sync tries again by itself (default 5 s). */
  library?: { syncRetryMs?: number }
  /**
   * Tests set the first wait before a failed upload tries again by itself (default 2 s,
   * doubling to 5 min), how long a create in doubt found absent waits for a second look (default 5 s),
   * the Undo window of a confirmed replace (default 10 s), and the backoff of the probe asking
   * whether the service can be reached again (default 1 s doubling to 30 s).
   */
  queue?: { firstRetryMs?: number; inDoubtSettleMs?: number; undoWindowMs?: number; firstProbeMs?: number; maxProbeMs?: number }
  /**
   * The app's wait for the window's first paint: the plan and reference-list refreshes and the
   * hot-folder scan start after it (first-paint.ts). Absent: nothing waits (the command, the test host).
   */
  firstPaint?: FirstPaint
  /** Tests shorten how often the readers' schedule looks whether a refresh is due, and how often a waiting refresh looks at the uploads. */
  readers?: { checkEveryMs?: number; uploadsPollMs?: number; now?: () => number }
  /** Told when the queue and the library have been read from disk (the start-up's performance marks). */
  onPhase?: (phase: 'queue-restored' | 'library-restored') => void
}

/** The running core: one service per contract area (but `app`, which answers before the core exists), plus shared parts. */
export interface Core {
  account: AccountService
  auth: AuthService
  library: LibraryService
  settings: SettingsService
  uploads: UploadQueue
  links: LinksService
  share: ShareService
  readers: ReadersService
  connection: ServiceConnection
  /** The Settings proxy's password from the keychain, for main's own answers to a proxy (the window never gets it). */
  proxyPassword(): Promise<string | null>
  close(): Promise<void>
}

export { environmentOverrides } from './settings/environment-overrides'

/**
 * The one composition root, shared by Electron, the test host and the command, so the
 * e2e tests drive exactly the code the app runs. `boot()` wraps it with the start-up state.
 */
export async function createCore(config: CoreConfig, log: Logger): Promise<Core> {
  const hostEmit: EventSink = config.emit ?? (() => {})
  // Set once the queue exists; processes that handed their jobs over follow the queue's events too.
  let handoff: HandoffServer | null = null
  // The links area follows the queue's jobs it started.
  const queueListeners = new Set<(change: QueueChange) => void>()
  const emit: EventSink = (spec, payload) => {
    hostEmit(spec, payload)
    handoff?.publish(spec.channel, payload)
    if (spec === contract.uploads.changed) for (const listener of queueListeners) listener(payload as QueueChange)
  }
  const environment = config.environment ?? {}
  const firstPaint = config.firstPaint ?? NO_PAINT_WAIT
  const afterFirstPaint = (work: () => unknown): void => firstPaint.after(work)
  // Only whoever reads the lock file (its owner) learns the token, and with it the right to hand over jobs.
  const token = randomBytes(32).toString('hex')
  // One writer per data folder: a second app, or the command running its own queue, is refused here.
  // Published in the lock, where clients read it (a Windows pipe's name is random). A core that
  // runs no uploads says `handoff: off`: it answers pings but takes no work it would never send.
  const handoffAt = handoffAddress(config.userDataDir)
  const takesWork = config.runUploads === undefined || config.runUploads === true
  // A full disk or a read-only folder is said in plain words, not as the lock file's error.
  const lock = await acquireDataLock(config.userDataDir, {
    info: { role: config.role ?? 'app', socket: handoffAt, token, handoff: takesWork ? 'on' : 'off' },
    onLost: (message) => log.error(message)
  }).catch((error: unknown) => {
    throw asCannotSave(error)
  })
  const opened: { close(): Promise<void> }[] = []
  try {
    const proxyPasswords = createProxyPasswords(config.proxyKeychain ?? createKeychainStore({ service: PROXY_KEYCHAIN_SERVICE }))
    await moveProxyPasswordToKeychain(config.userDataDir, proxyPasswords, log)
    // This process holds the data folder: a broken settings file is set aside before anything saves over it.
    const store = await openSettingsStore(config.userDataDir, log, { keepAside: true })
    const accountCache = createAccountCache(config.userDataDir)
    const knownAccounts = await openKnownAccounts(config.userDataDir, log)
    const trustedCertificates = config.trustedCertificates ?? systemAndBundledCertificates()
    const connection = createServiceConnection({
      settings: () => store.get(),
      proxyPassword: () => proxyPasswords.get(),
      environment,
      ...(config.resolveProxy ? { resolveProxy: config.resolveProxy } : {}),
      ...(trustedCertificates ? { trustedCertificates } : {}),
      ...(config.createClient ? { createClient: config.createClient } : {}),
      log
    })
    opened.push(connection)
    // The one account of a data folder from before several (`account.json`), read once at start.
    let legacy: Promise<Account | null> | undefined
    const legacyAccount = (): Promise<Account | null> => (legacy ??= accountCache.read())
    const keys = createKeyRing({
      keychain: config.keychain ?? createKeychainStore(),
      environmentKey: environment.apiKey,
      ...(environment.demoMoreApiKeys ? { demoMoreKeys: environment.demoMoreApiKeys } : {}),
      signedInBefore: async () => knownAccounts.all().length > 0 || (await legacyAccount()) !== null,
      // Its last whoami names the old entry's key.
      legacyHint: async () => {
        const cached = await legacyAccount()
        if (cached?.userId && !knownAccounts.account(cached.userId)?.appUrl) await knownAccounts.remember(cached)
        return cached?.userId ?? null
      },
      // The environment's key is nobody's until the service says whose it is: only an earlier
      // confirmation of this very key names it (offline, work can then be queued for it).
      environmentHint: (key) => knownAccounts.whoseKey(key),
      log
    })
    /** Features that follow which account is current (the library and account views show its files). */
    const accountListeners: (() => void)[] = []
    let shownAccount: string | null = null
    let closing = false
    // Set once they exist (created after auth, which they follow): signing out of one account forgets its files.
    const forgetters: ((userId: string) => Promise<void>)[] = []
    const auth = createAuthService({
      keys,
      connection,
      knownAccounts,
      // Through the settings area: the window hears of them at once and the connection takes them.
      saveAddresses: async (addresses) => {
        if (!settingsRef) throw new Error('Settings are not ready yet')
        await settingsRef.update(addresses)
      },
      forgetAccount: async (userId) => {
        for (const forget of forgetters) await forget(userId)
      },
      log,
      onChange: (state) => {
        emit(contract.auth.changed, state)
        const now = auth.currentAccountId()
        // A closing core starts nothing for another account: its library and lists are closing too.
        if (now === shownAccount || closing) return
        shownAccount = now
        for (const listener of accountListeners) listener()
      }
    })
    // Closed after the connection (no answer comes later), before the data folder is let go.
    opened.push(auth)
    let libraryRef: LibraryService | null = null
    let readersRef: ReadersService | null = null
    let settingsRef: SettingsService | null = null
    // What was published is kept beside the queue, not in it: clearing or losing the queue keeps it.
    const queueStore = await openQueueStore(join(config.userDataDir, 'queue'), { publishedDir: join(config.userDataDir, 'published') })
    opened.push(queueStore.store)
    config.onPhase?.('queue-restored')
    for (const notice of queueStore.notices) log.warn(notice)
    const uploads = createUploadQueue({
      store: queueStore.store,
      runUploads: config.runUploads ?? true,
      // Said once in the window, beside what restoring the queue had to say (a command has printed it already, as an error).
      notices: [
        ...(store.notice === null || store.noticeSaid === null || config.role === 'command' ? [] : [{ text: store.notice, said: store.noticeSaid }]),
        ...queueStore.notices.map((text, index) => ({ text, said: queueStore.noticesSaid[index] ?? [] }))
      ],
      ...(config.queue?.firstRetryMs !== undefined ? { firstRetryMs: config.queue.firstRetryMs } : {}),
      ...(config.queue?.inDoubtSettleMs !== undefined ? { inDoubtSettleMs: config.queue.inDoubtSettleMs } : {}),
      ...(config.queue?.undoWindowMs !== undefined ? { undoWindowMs: config.queue.undoWindowMs } : {}),
      probe: {
        ...(config.queue?.firstProbeMs !== undefined ? { firstProbeMs: config.queue.firstProbeMs } : {}),
        ...(config.queue?.maxProbeMs !== undefined ? { maxProbeMs: config.queue.maxProbeMs } : {})
      },
      connection,
      settings: () => effectiveSettings(store.get(), environment),
      knownAccounts,
      accountShown: () => auth.currentAccountId(),
      // The library exists by the time anything is enqueued; until then nothing is known to be gone.
      itemExists: (accountId, docType, itemId) => libraryRef?.itemExists(accountId, docType, itemId) ?? Promise.resolve(true),
      // The service answers again: a library sync that stopped for the network carries on too.
      onReachableAgain: () => libraryRef?.networkChanged(true),
      emit,
      log,
      ...(config.choosePdfs ? { choosePdfs: config.choosePdfs } : {}),
      ...(config.chooseSavePath ? { chooseSavePath: config.chooseSavePath } : {}),
      ...(config.saveRetryMs !== undefined ? { saveRetryMs: config.saveRetryMs } : {}),
      afterFirstPaint
    })
    opened.unshift(uploads)
    const links = await createLinksService({
      dataDir: config.userDataDir,
      uploads,
      connection,
      describeAccount: (accountId) => knownAccounts.describe(accountId),
      emit,
      log,
      onQueueChange: (listener) => {
        queueListeners.add(listener)
        return () => void queueListeners.delete(listener)
      },
      watch: config.links?.watch ?? (config.role ?? 'app') === 'app',
      firstPaint,
      ...(config.chooseFolder ? { chooseFolder: config.chooseFolder } : {}),
      ...(config.choosePdfs ? { choosePdfs: config.choosePdfs } : {}),
      ...(config.links?.stabilityMs !== undefined ? { stabilityMs: config.links.stabilityMs } : {}),
      ...(config.links?.pollIntervalMs !== undefined ? { pollIntervalMs: config.links.pollIntervalMs } : {})
    })
    // Closed before the queue: no check may queue a job into a closing queue.
    opened.unshift(links)
    try {
      // A second `flipdrop` hands its jobs to this queue instead of opening the journal itself.
      handoff = await startHandoffServer({
        address: handoffAt,
        token,
        dispatch: takesWork
          ? createHandoffDispatch(
              {
                uploads,
                links,
                // Made after the hand-off starts; a `stats` asked before is told the app is starting.
                get readers(): ReadersService {
                  if (!readersRef) throw new AppError('not-started', sentence('coreApp.starting'))
                  return readersRef
                }
              },
              log
            )
          : null,
        log
      })
      // First to close: no handed-over request may reach a closing queue, and it goes before the lock.
      opened.unshift(handoff)
    } catch (error) {
      // The app works without it: its heartbeat keeps it known as alive, and a second
      // `flipdrop` is told this one does not answer.
      log.warn('Other FlipDrop commands cannot hand uploads or link changes over to this one', error)
    }
    const settings = createSettingsService(
      store,
      environment,
      emit,
      () => {
        connection.reconfigure()
        uploads.settingsChanged()
      },
      { passwords: proxyPasswords, set: await proxyPasswordStored(store.get().proxyUrl, proxyPasswords, log) }
    )
    settingsRef = settings
    // Created before auth starts, so the connection made at start-up refreshes the reference lists.
    const account = createAccountService({
      connection,
      settings: () => effectiveSettings(store.get(), environment),
      references: createReferenceLists({
        cache: createReferenceCache(config.userDataDir),
        connection,
        userId: () => auth.currentAccountId(),
        background: config.backgroundSync ?? config.role !== 'command',
        emit: (view) => emit(contract.account.referencesChanged, view),
        log,
        afterFirstPaint
      }),
      snapshot: createAccountSnapshotStore(config.userDataDir),
      onProfileImage: (userId, image) => {
        void knownAccounts.rememberImage(userId, image).then((changed) => {
          if (changed) emit(contract.auth.changed, auth.status())
        })
      },
      userId: () => auth.currentAccountId(),
      log
    })
    // Closed right after the queue (which stops first, so nothing more is sent while these
    // write their files) and before the connection they use.
    opened.splice(opened.indexOf(uploads) + 1, 0, account)
    // Created before auth starts, so the sign-in at start-up starts its sync.
    const library = await createLibraryService({
      dataDir: config.userDataDir,
      connection,
      settings: () => effectiveSettings(store.get(), environment),
      uploads,
      emit,
      log,
      userId: () => auth.currentAccountId(),
      // The command does one thing and leaves: no library sync or list refresh behind its back.
      background: config.backgroundSync ?? config.role !== 'command',
      // Items just published join the library at once, read with their own account's key.
      onQueueChange: (listener) => {
        queueListeners.add(listener)
        return () => void queueListeners.delete(listener)
      },
      ...(config.library?.syncRetryMs !== undefined ? { syncRetryMs: config.library.syncRetryMs } : {}),
      ...(config.chooseSavePath ? { chooseSavePath: config.chooseSavePath } : {}),
      ...(config.showInFolder ? { showInFolder: config.showInFolder } : {}),
      ...(config.choosePdfs ? { choosePdfs: config.choosePdfs } : {}),
      onSynced: (accountId, items, gone) => {
        void readersRef?.recordSync(accountId, items, gone).catch((error: unknown) => log.warn("Readers' numbers of this sync could not be kept", error))
      }
    })
    opened.splice(opened.indexOf(uploads) + 1, 0, library)
    libraryRef = library
    const readers = createReadersService({
      dataDir: config.userDataDir,
      emit,
      log,
      settings: () => effectiveSettings(store.get(), environment),
      shownAccount: () => auth.currentAccountId(),
      signedInAccounts: () => auth.status().accounts.flatMap((entry) => (entry.signedIn ? [entry.userId] : [])),
      clientFor: (accountId) => connection.clientFor(accountId),
      identify: (accountId) => connection.identify(accountId),
      docTypes: () => (effectiveSettings(store.get(), environment).documentUrl ? ['Flipbook', 'Document'] : ['Flipbook']),
      uploadsBusy: () => uploads.sending(),
      libraryItem: (accountId, key) => library.accountItem(accountId, key),
      takeRows: (accountId, rows, hostDocType) => library.takeRows(accountId, rows, hostDocType),
      ...(config.chooseSavePath ? { chooseSavePath: config.chooseSavePath } : {}),
      background: config.backgroundSync ?? config.role !== 'command',
      ...config.readers
    })
    readersRef = readers
    // Closed before the library: no sample is kept from a closing library.
    opened.splice(opened.indexOf(library), 0, readers)
    accountListeners.push(() => library.accountChanged(), () => account.accountChanged(), () => readers.accountChanged())
    forgetters.push(
      (userId) => library.forget(userId),
      (userId) => readers.forget(userId),
      (userId) => account.forget(userId),
      // The one-account cache of older versions goes with its account.
      async (userId) => {
        if ((await accountCache.read())?.userId === userId) await accountCache.clear()
      }
    )
    const stopWatching = config.watchNetwork?.((online) => {
      uploads.networkChanged(online)
      library.networkChanged(online)
    })
    // Work of the single-account time belongs to the account its old account file names.
    connection.nameLegacyOwner((await legacyAccount())?.userId ?? null)
    await auth.start()
    if (config.account !== undefined && !environment.apiKey) {
      // FLIPDROP_API_KEY overrides everything, --account included.
      await auth.useForThisRun(resolveAccount(config.account, auth.status().accounts).userId)
    }
    // Every signed-in account's library is read now (as the one library was before), so the
    // window's first read and every switch show rows at once.
    await library.preload(auth.status().accounts.filter((entry) => entry.signedIn).map((entry) => entry.userId))
    config.onPhase?.('library-restored')
    return {
      account,
      auth,
      library,
      settings,
      uploads,
      links,
      share: createShareService({
        items: { localItem: (ref) => library.localItem(ref), details: async (ref) => library.details(ref) },
        copyText: (text) => config.app.copyText(text),
        userDataDir: config.userDataDir,
        ...(config.share ? { host: config.share } : {}),
        ...(config.chooseSavePath ? { chooseSavePath: config.chooseSavePath } : {})
      }),
      readers,
      connection,
      proxyPassword: () => proxyPasswords.get(),
      async close() {
        closing = true
        stopWatching?.()
        for (const part of opened) await part.close()
        // A save an answer started while the parts closed (the account it confirmed, say) ends before the folder is let go.
        await durableWritesSettled(config.userDataDir)
        await lock.release()
      }
    }
  } catch (error) {
    for (const part of opened) await part.close().catch(() => {})
    await durableWritesSettled(config.userDataDir)
    await lock.release().catch(() => {})
    throw asCannotSave(error)
  }
}
