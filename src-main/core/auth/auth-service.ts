import { AppError } from '../../../src-shared/contract/errors'
import type { AuthProblem, AuthState, KeySource, SignInInput } from '../../../src-shared/domain/auth'
import type { Account } from '../../../src-shared/domain/service/account'
import type { Settings } from '../../../src-shared/domain/settings'
import { createApiClient, type ApiClient, type ApiClientOptions } from '../api/api-client'
import type { Logger } from '../log'
import { KeychainError } from '../secrets/keychain-error'
import type { KeychainStore, KeyStore } from '../secrets/key-store'
import { effectiveSettings, type EnvironmentOverrides } from '../settings/effective-settings'
import type { SettingsStore } from '../settings/settings-store'
import type { AccountCache } from './account-cache'
import { signInFailure } from './auth-errors'

/** Keychain entry name: one profile for now; the store supports several. */
const PROFILE = 'default'

export interface AuthDependencies {
  keychain: KeychainStore
  session: KeyStore
  settings: SettingsStore
  accountCache: AccountCache
  environment: EnvironmentOverrides
  log: Logger
  /** Builds the service client (tests shorten its timeouts). */
  createClient?: (options: ApiClientOptions) => ApiClient
  onChange: (state: AuthState) => void
}

export interface AuthService {
  state(): AuthState
  /** Finds a stored key at start-up and refreshes the account in the background. */
  start(): Promise<AuthState>
  signIn(input: SignInInput & { sessionOnly: boolean }): Promise<AuthState>
  signOut(): Promise<AuthState>
  /** Asks the service who the key belongs to again (whoami); a 401 here ends the session. */
  refresh(): Promise<AuthState>
  /** The client for the signed-in key; throws `signed-out` otherwise. */
  client(): ApiClient
  /** Rebuilds the client after the service address or proxy changed. */
  settingsChanged(): void
  /** The secrets to redact from every log line. */
  secrets(): string[]
  close(): Promise<void>
}

const REJECTED: AuthProblem = {
  code: 'unauthorized',
  message: 'The service no longer accepts your API key. Paste a new key to continue; nothing waiting was lost.'
}

/**
 * Sign-in, sign-out and the key's life in main. The key is checked with whoami before it
 * is stored, kept in the keychain (or, when asked, in memory for this session), and
 * dropped from use the moment the service answers 401.
 */
export function createAuthService(deps: AuthDependencies): AuthService {
  const makeClient = deps.createClient ?? createApiClient
  let key: string | null = null
  let source: KeySource = 'none'
  let account: Account | null = null
  let problem: AuthProblem | null = null
  let current: ApiClient | null = null

  const state = (): AuthState => ({ signedIn: key !== null && problem?.code !== 'unauthorized', account, storage: source, problem })
  const emit = (): void => deps.onChange(state())

  function endpoints(settings: Settings): Pick<ApiClientOptions, 'baseUrl' | 'documentUrl' | 'proxyUrl'> {
    const { baseUrl, documentUrl, proxyUrl } = effectiveSettings(settings, deps.environment)
    return { baseUrl, documentUrl, proxyUrl }
  }

  function replaceClient(next: ApiClient | null): void {
    const previous = current
    current = next
    if (previous) void previous.close()
  }

  /** A 401 mid-session: stop using the key at once, keep it stored, ask for a new one. */
  function keyRejected(): void {
    if (problem === REJECTED) return
    deps.log.warn('The service rejected the API key (401); stopping all requests until a new key is given')
    problem = REJECTED
    replaceClient(null)
    emit()
  }

  function clientFor(apiKey: string): ApiClient {
    return makeClient({ apiKey, ...endpoints(deps.settings.get()), onUnauthorized: keyRejected, log: deps.log })
  }

  async function refreshAccount(): Promise<void> {
    const client = current
    if (!client) return
    try {
      account = await client.whoami()
      await deps.accountCache.write(account)
      emit()
    } catch (error) {
      // Offline or rejected: the 401 hook already handled a rejection; offline keeps the cached account.
      deps.log.info('Could not refresh the account at start-up', error instanceof Error ? error.message : error)
    }
  }

  async function readStoredKey(): Promise<string | null> {
    try {
      const stored = await deps.keychain.get(PROFILE)
      if (stored === null && (await deps.accountCache.read())) {
        // We signed in before but read nothing: a locked keychain reads as empty, so ask it.
        const health = await deps.keychain.probe().catch(() => 'unavailable' as const)
        if (health === 'locked') problem = { code: 'keychain-locked', message: 'Your keychain is locked, so FlipDrop cannot read your API key. Unlock it and restart FlipDrop, or sign in again.' }
      }
      return stored
    } catch (error) {
      if (error instanceof KeychainError) problem = { code: error.code, message: error.message }
      deps.log.warn('Could not read the API key from the keychain', error instanceof Error ? error.message : error)
      return null
    }
  }

  return {
    state,

    async start() {
      const fromEnvironment = deps.environment.apiKey
      if (fromEnvironment) {
        key = fromEnvironment
        source = 'environment'
      } else {
        const stored = await readStoredKey()
        if (stored) {
          key = stored
          source = 'keychain'
        }
      }
      if (key) {
        account = await deps.accountCache.read()
        current = clientFor(key)
        void refreshAccount()
      }
      emit()
      return state()
    },

    async signIn(input) {
      const apiKey = input.apiKey.trim()
      // The addresses typed with the key are tried with it; the environment still wins.
      const tried = {
        ...deps.settings.get(),
        ...(input.baseUrl ? { baseUrl: input.baseUrl } : {}),
        ...(input.documentUrl ? { documentUrl: input.documentUrl } : {})
      }
      const probe = makeClient({ apiKey, ...endpoints(tried), retries: 1 })
      let checked: Account
      try {
        checked = await probe.whoami()
      } catch (error) {
        throw signInFailure(error)
      } finally {
        await probe.close()
      }
      // Only a key the service accepted is stored, and only then do the addresses change.
      if (input.sessionOnly) {
        await deps.session.set(PROFILE, apiKey)
      } else {
        try {
          await deps.keychain.set(PROFILE, apiKey)
        } catch (error) {
          if (error instanceof KeychainError) throw new AppError(error.code, error.message)
          throw error
        }
        await deps.session.delete(PROFILE)
      }
      const addresses: Partial<Settings> = {}
      if (input.baseUrl !== undefined) addresses.baseUrl = input.baseUrl
      if (input.documentUrl !== undefined) addresses.documentUrl = input.documentUrl
      if (Object.keys(addresses).length > 0) await deps.settings.update(addresses)
      key = apiKey
      source = input.sessionOnly ? 'session' : 'keychain'
      account = checked
      problem = null
      await deps.accountCache.write(checked)
      replaceClient(clientFor(apiKey))
      emit()
      return state()
    },

    async signOut() {
      replaceClient(null)
      await deps.session.delete(PROFILE)
      try {
        await deps.keychain.delete(PROFILE)
      } catch (error) {
        if (error instanceof KeychainError) throw new AppError(error.code, error.message)
        throw error
      }
      await deps.accountCache.clear()
      // An environment key stays unused until the app restarts.
      key = null
      source = 'none'
      account = null
      problem = null
      emit()
      return state()
    },

    async refresh() {
      const client = this.client()
      try {
        account = await client.whoami()
      } catch (error) {
        // A 401 was already turned into "key rejected" by the client's hook: report the new state.
        if (problem === REJECTED) return state()
        throw error
      }
      await deps.accountCache.write(account)
      emit()
      return state()
    },

    client() {
      if (!current || !key) throw new AppError('signed-out', 'Sign in with your API key first.')
      return current
    },

    settingsChanged() {
      if (key && current) replaceClient(clientFor(key))
    },

    secrets: () => (key ? [key] : []),

    async close() {
      replaceClient(null)
    }
  }
}
