import type { AuthState } from '../../../src-shared/domain/auth'
import type { Account } from '../../../src-shared/domain/service/account'
import type { Settings } from '../../../src-shared/domain/settings'
import type { HandlersOf } from '../area-handlers'
import type { Logger } from '../log'
import type { ServiceConnection } from '../service/service-connection'
import type { AccountCache } from './account-cache'
import { signInFailure } from './auth-errors'
import type { KeySession } from './key-session'
import type { KnownAccounts } from '../accounts/known-accounts'

export interface AuthDependencies {
  keys: KeySession
  connection: ServiceConnection
  accountCache: AccountCache
  /** Every account confirmed on this computer, so work made for one can name it later. */
  knownAccounts: KnownAccounts
  /** Saves addresses typed with a key the service accepted. */
  saveAddresses: (addresses: Partial<Settings>) => Promise<void>
  log: Logger
  onChange: (state: AuthState) => void
}

/** The `auth` area, plus what the core itself needs: start-up and the secrets to redact. */
export interface AuthService extends HandlersOf<'auth'> {
  /** Who is signed in, right now (no service call). */
  status(): AuthState
  /** Finds a key at start-up (environment or keychain) and refreshes the account in the background. */
  start(): Promise<AuthState>
  /** The secrets to redact from every log line. */
  secrets(): string[]
}

/**
 * Sign-in, sign-out and who is signed in. A key is checked with whoami before it is kept;
 * the moment the service answers 401 the connection is dropped and the key is marked
 * rejected, but kept stored, so nothing waiting is lost and a new key continues.
 */
export function createAuthService(deps: AuthDependencies): AuthService {
  const { keys, connection } = deps
  let account: Account | null = null

  const state = (): AuthState => ({
    signedIn: keys.key !== null && !keys.rejected,
    account,
    storage: keys.source,
    problem: keys.problem
  })
  const emit = (): void => deps.onChange(state())

  // Any whoami answer (start-up, a probe, the queue) confirms who the key belongs to.
  let kept: Promise<void> = Promise.resolve()
  connection.onAccount((confirmed) => {
    account = confirmed
    kept = Promise.all([deps.accountCache.write(confirmed), deps.knownAccounts.remember(confirmed)])
      .then(() => undefined, (error: unknown) => deps.log.warn('Could not keep the account for offline use', error))
      .finally(emit)
  })

  connection.onUnauthorized(() => {
    if (!keys.reject()) return
    deps.log.warn('The service rejected the API key (401); stopping all requests until a new key is given')
    connection.disconnect()
    emit()
  })

  async function refreshInBackground(): Promise<void> {
    try {
      // The answer reaches onAccount above.
      await connection.client().whoami()
    } catch (error) {
      // Offline or rejected: the 401 hook already handled a rejection; offline keeps the cached account.
      deps.log.info('Could not refresh the account at start-up', error instanceof Error ? error.message : error)
    }
  }

  return {
    status: state,

    async start() {
      await keys.load()
      if (keys.key) {
        account = await deps.accountCache.read()
        connection.connect(keys.key)
        void refreshInBackground()
      }
      emit()
      return state()
    },

    async signIn(input) {
      const apiKey = input.apiKey.trim()
      // The addresses typed with the key are tried with it; the environment still wins.
      const trial = connection.trial(apiKey, {
        ...(input.baseUrl ? { baseUrl: input.baseUrl } : {}),
        ...(input.documentUrl ? { documentUrl: input.documentUrl } : {})
      })
      let checked: Account
      try {
        checked = await trial.whoami()
      } catch (error) {
        throw signInFailure(error)
      } finally {
        await trial.close()
      }
      // Only a key the service accepted is kept, and only then do the addresses change.
      await keys.keep(apiKey, input.sessionOnly)
      const addresses: Partial<Settings> = {}
      if (input.baseUrl !== undefined) addresses.baseUrl = input.baseUrl
      if (input.documentUrl !== undefined) addresses.documentUrl = input.documentUrl
      if (Object.keys(addresses).length > 0) await deps.saveAddresses(addresses)
      account = checked
      await deps.accountCache.write(checked)
      await deps.knownAccounts.remember(checked)
      connection.connect(apiKey, checked.userId)
      emit()
      return state()
    },

    async signOut() {
      await keys.forget()
      connection.disconnect()
      await deps.accountCache.clear()
      account = null
      emit()
      return state()
    },

    async refresh() {
      const client = connection.client()
      try {
        account = await client.whoami()
      } catch (error) {
        // A 401 was already turned into "key rejected" by the hook: report the new state.
        if (keys.rejected) return state()
        throw error
      }
      await kept
      return state()
    },

    secrets: () => (keys.key ? [keys.key] : [])
  }
}
