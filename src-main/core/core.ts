import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { contract } from '../../src-shared/contract'
import type { AppHost } from './app/app-service'
import type { ProxyResolver } from './api/http/network'
import { systemAndBundledCertificates } from './api/http/trusted-certificates'
import type { ApiClient, ApiClientOptions } from './api/api-client'
import { createAccountCache } from './auth/account-cache'
import { createAuthService, type AuthService } from './auth/auth-service'
import { createKeySession } from './auth/key-session'
import type { EventSink } from './events'
import type { LogSink, Logger } from './log'
import { createKeychainStore } from './secrets/keychain-store'
import type { KeychainStore } from './secrets/key-store'
import { createServiceConnection, type ServiceConnection } from './service/service-connection'
import { effectiveSettings, type EnvironmentOverrides } from './settings/effective-settings'
import { createSettingsService, type SettingsService } from './settings/settings-service'
import { openSettingsStore } from './settings/settings-store'
import { openQueueStore } from './queue/queue-store'
import { createUploadQueue, type UploadQueue } from './queue/upload-queue'
import { acquireDataLock } from './storage/data-lock'
import { handoffAddress } from './handoff/handoff-address'
import { startHandoffServer, type HandoffServer } from './handoff/handoff-server'
import { createUploadsDispatch } from './handoff/uploads-dispatch'

/** Everything the core needs from whoever hosts it (Electron main, the test host, the command). */
export interface CoreConfig {
  app: AppHost
  /** Where settings, caches and the queue live (Electron's userData folder, or FLIPDROP_DATA_DIR). */
  userDataDir: string
  /** FLIPDROP_API_KEY / FLIPDROP_BASE_URL / FLIPDROP_DOCUMENT_URL. */
  environment?: EnvironmentOverrides
  /** Defaults to the OS keychain through keytar. */
  keychain?: KeychainStore
  /** Pushes events to the windows. */
  emit?: EventSink
  logSink?: LogSink
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
  /** Who holds the data folder, as told to a second `flipdrop` through the lock file. Defaults to 'app'. */
  role?: 'app' | 'command'
}

/** The running core: one service per contract area (but `app`, which answers before the core exists), plus shared parts. */
export interface Core {
  auth: AuthService
  settings: SettingsService
  uploads: UploadQueue
  connection: ServiceConnection
  close(): Promise<void>
}

/** Reads FLIPDROP_* overrides from an environment (documented in the README). */
export function environmentOverrides(env: NodeJS.ProcessEnv): EnvironmentOverrides {
  const overrides: EnvironmentOverrides = {}
  if (env['FLIPDROP_API_KEY']?.trim()) overrides.apiKey = env['FLIPDROP_API_KEY'].trim()
  if (env['FLIPDROP_BASE_URL']?.trim()) overrides.baseUrl = env['FLIPDROP_BASE_URL'].trim().replace(/\/+$/, '')
  if (env['FLIPDROP_DOCUMENT_URL']?.trim()) overrides.documentUrl = env['FLIPDROP_DOCUMENT_URL'].trim().replace(/\/+$/, '')
  return overrides
}

/**
 * The one composition root, shared by Electron, the test host and the command, so the
 * e2e tests drive exactly the code the app runs. `boot()` wraps it with the start-up state.
 */
export async function createCore(config: CoreConfig, log: Logger): Promise<Core> {
  const hostEmit: EventSink = config.emit ?? (() => {})
  // Set once the queue exists; processes that handed their jobs over follow the queue's events too.
  let handoff: HandoffServer | null = null
  const emit: EventSink = (spec, payload) => {
    hostEmit(spec, payload)
    handoff?.publish(spec.channel, payload)
  }
  const environment = config.environment ?? {}
  // Only whoever reads the lock file (its owner) learns the token, and with it the right to hand over jobs.
  const token = randomBytes(32).toString('hex')
  // One writer per data folder: a second app, or the command running its own queue, is refused here.
  const lock = await acquireDataLock(config.userDataDir, {
    info: { role: config.role ?? 'app', socket: handoffAddress(config.userDataDir), token }
  })
  const opened: { close(): Promise<void> }[] = []
  try {
    const store = await openSettingsStore(config.userDataDir, log)
    const accountCache = createAccountCache(config.userDataDir)
    const trustedCertificates = config.trustedCertificates ?? systemAndBundledCertificates()
    const connection = createServiceConnection({
      settings: () => store.get(),
      environment,
      ...(config.resolveProxy ? { resolveProxy: config.resolveProxy } : {}),
      ...(trustedCertificates ? { trustedCertificates } : {}),
      ...(config.createClient ? { createClient: config.createClient } : {}),
      log
    })
    opened.push(connection)
    const keys = createKeySession({
      keychain: config.keychain ?? createKeychainStore(),
      environmentKey: environment.apiKey,
      signedInBefore: async () => (await accountCache.read()) !== null,
      log
    })
    const auth = createAuthService({
      keys,
      connection,
      accountCache,
      saveAddresses: async (addresses) => {
        await store.update(addresses)
      },
      log,
      onChange: (state) => emit(contract.auth.changed, state)
    })
    const queueStore = await openQueueStore(join(config.userDataDir, 'queue'))
    opened.push(queueStore.store)
    for (const notice of queueStore.notices) log.warn(notice)
    const uploads = createUploadQueue({
      store: queueStore.store,
      notices: queueStore.notices,
      connection,
      settings: () => effectiveSettings(store.get(), environment),
      account: async () => {
        // Right after start the account may still be on its way (whoami runs in the background).
        const known = auth.status().account?.userId
        if (known) return known
        return connection.connected ? (await connection.client().whoami()).userId : null
      },
      emit,
      log,
      ...(config.choosePdfs ? { choosePdfs: config.choosePdfs } : {})
    })
    opened.unshift(uploads)
    try {
      // A second `flipdrop` hands its jobs to this queue instead of opening the journal itself.
      handoff = await startHandoffServer({
        dataDir: config.userDataDir,
        token,
        dispatch: createUploadsDispatch(uploads, contract.uploads, log),
        log
      })
      // First to close: no handed-over request may reach a closing queue, and it goes before the lock.
      opened.unshift(handoff)
    } catch (error) {
      // The app works without it; a second `flipdrop` is then told this one does not answer.
      log.warn('Other FlipDrop commands cannot hand uploads over to this one', error)
    }
    const settings = createSettingsService(store, environment, emit, () => {
      connection.reconfigure()
      uploads.settingsChanged()
    })
    const stopWatching = config.watchNetwork?.((online) => uploads.networkChanged(online))
    await auth.start()
    return {
      auth,
      settings,
      uploads,
      connection,
      async close() {
        stopWatching?.()
        for (const part of opened) await part.close()
        await lock.release()
      }
    }
  } catch (error) {
    for (const part of opened) await part.close().catch(() => {})
    await lock.release()
    throw error
  }
}
