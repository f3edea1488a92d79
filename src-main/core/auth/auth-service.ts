import { AppError } from '../../../src-shared/contract/errors'
import type { AccountEntry, AuthState } from '../../../src-shared/domain/auth'
import type { Account } from '../../../src-shared/domain/service/account'
import type { Settings } from '../../../src-shared/domain/settings'
import type { HandlersOf } from '../area-handlers'
import type { Logger } from '../log'
import type { ServiceConnection } from '../service/service-connection'
import { sentence } from '../i18n/sentence'
import { signInFailure } from './auth-errors'
import { KEY_REJECTED, LEGACY_ENTRY, type HeldKey, type KeyRing } from './key-ring'
import type { KnownAccounts } from '../accounts/known-accounts'

export interface AuthDependencies {
  keys: KeyRing
  connection: ServiceConnection
  /** Every account confirmed on this computer, which one is current, and their last whoami for offline. */
  knownAccounts: KnownAccounts
  /** Saves addresses typed with a key the service accepted. */
  saveAddresses: (addresses: Partial<Settings>) => Promise<void>
  /** One account signed out: what was kept on disk for it (library, account details) goes with it. */
  forgetAccount?: (userId: string) => Promise<void>
  log: Logger
  onChange: (state: AuthState) => void
}

/** The `auth` area, plus what the core itself needs: start-up and the secrets to redact. */
export interface AuthService extends HandlersOf<'auth'> {
  /** Who is signed in, right now (no service call). */
  status(): AuthState
  /** Finds the keys at start-up (environment or keychain) and confirms their accounts in the background. */
  start(): Promise<AuthState>
  /** The current account's UserID: confirmed, else as last seen; null when none. */
  currentAccountId(): string | null
  /** Makes an account current for this process only (a command's --account), not for the app. */
  useForThisRun(userId: string): Promise<void>
  /** The secrets to redact from every log line: every key held. */
  secrets(): string[]
  /** Waits for what it is still writing (whose a key is, the current account): the data folder is let go next. */
  close(): Promise<void>
}

const NOT_SIGNED_IN = sentence('coreAccount.notSignedIn')

/**
 * Sign-in, sign-out and who is signed in, for several accounts side by side. A key is checked
 * with whoami before it is kept, under its own account; adding an account never signs another
 * out, and one is current. The moment the service answers 401 for a key, that key's client is
 * dropped and the key is marked rejected, but kept stored, so nothing waiting is lost.
 */
export function createAuthService(deps: AuthDependencies): AuthService {
  const { keys, connection, knownAccounts } = deps
  /** The key shown as signed in; null with none. */
  let current: HeldKey | null = null
  /** A command chose its account: the app's current one stays as it was. */
  let forThisRun = false

  const accountOf = (held: HeldKey | null): Account | null => (held?.accountId ? knownAccounts.account(held.accountId) : null)

  function entries(): AccountEntry[] {
    const shown = new Set<string>()
    const list: AccountEntry[] = []
    for (const held of keys.keys) {
      if (!held.accountId || shown.has(held.accountId)) continue
      shown.add(held.accountId)
      const known = knownAccounts.get(held.accountId)
      list.push({
        userId: held.accountId,
        name: known?.name ?? null,
        email: known?.email ?? null,
        brand: known?.brand ?? null,
        profileImage: known?.profileImage ?? null,
        current: held === current,
        signedIn: true,
        storage: held.source,
        problem: held.rejected ? KEY_REJECTED : null
      })
    }
    for (const known of knownAccounts.all()) {
      if (shown.has(known.userId)) continue
      const { userId, name, email, brand, profileImage } = known
      list.push({ userId, name, email, brand, profileImage, current: false, signedIn: false, storage: 'none', problem: null })
    }
    return list
  }

  const state = (): AuthState => ({
    signedIn: current !== null && !current.rejected,
    account: accountOf(current),
    storage: current?.source ?? 'none',
    problem: current?.rejected ? KEY_REJECTED : keys.problem,
    accounts: entries()
  })
  const emit = (): void => deps.onChange(state())
  const heldFor = (apiKey: string): HeldKey | undefined => keys.keys.find((held) => held.key === apiKey)
  const heldOf = (userId: string): HeldKey | undefined => keys.keys.find((held) => held.accountId === userId)

  /** Shows another account at once; remembering the choice on disk follows (`remembered`). */
  let remembered: Promise<void> = Promise.resolve()
  function makeCurrent(held: HeldKey | null, remember = true): void {
    current = held
    // A rejected key has no client: nothing is current then, and the window asks for a new key.
    connection.use(held && !held.rejected ? held.key : null)
    if (!remember) return
    const userId = held?.accountId ?? null
    remembered = remembered
      .then(() => knownAccounts.setCurrent(userId))
      .catch((error: unknown) => deps.log.warn('Could not keep the current account', error))
  }

  // Any whoami answer (start-up, a probe, the queue) confirms who a key belongs to.
  let kept: Promise<void> = Promise.resolve()
  connection.onAccount((confirmed, apiKey) => {
    const held = heldFor(apiKey)
    if (!held || !confirmed.userId) return
    const userId = confirmed.userId
    const wasCurrent = held === current && !forThisRun
    // The key's fingerprint is remembered too: the environment's key is known as this account's offline only so.
    const known = knownAccounts.remember(confirmed).then(() => knownAccounts.rememberKey(userId, apiKey))
    kept = Promise.all([known, keys.confirm(held, userId)])
      .then(async () => {
        if (wasCurrent) await knownAccounts.setCurrent(userId)
      })
      .then(
        () => undefined,
        (error: unknown) => deps.log.warn('Could not keep the account for offline use', error)
      )
      .finally(emit)
  })

  connection.onUnauthorized((apiKey) => {
    const held = heldFor(apiKey)
    if (!held || !keys.reject(held)) return
    deps.log.warn('The service rejected an API key (401); that account sends nothing until a new key is given')
    connection.remove(apiKey)
    emit()
  })

  async function refreshInBackground(): Promise<void> {
    try {
      // The answers reach onAccount above.
      await connection.identify(null)
    } catch (error) {
      // Offline or rejected: the 401 hook already handled a rejection; offline keeps the cached accounts.
      deps.log.info('Could not confirm the accounts at start-up', error instanceof Error ? error.message : error)
    }
  }

  return {
    status: state,
    currentAccountId: () => connection.accountId ?? current?.accountId ?? null,

    async start() {
      await keys.load()
      const chosen = knownAccounts.current()
      // The old single entry's key names the account whose work of that time is.
      for (const held of keys.keys) connection.add(held.key, { hint: held.accountId, legacy: held.entry === LEGACY_ENTRY })
      const first = keys.keys.find((held) => held.accountId === chosen) ?? keys.keys[0] ?? null
      if (first) makeCurrent(first)
      if (keys.keys.length > 0) void refreshInBackground()
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
      if (!checked.userId) throw new AppError('service', sentence('coreAccount.signIn.noUserId'))
      // Only a key the service accepted is kept, and only then do the addresses change.
      const { held, replaced } = await keys.keep(apiKey, checked.userId, input.sessionOnly)
      const addresses: Partial<Settings> = {}
      if (input.baseUrl !== undefined) addresses.baseUrl = input.baseUrl
      if (input.documentUrl !== undefined) addresses.documentUrl = input.documentUrl
      if (Object.keys(addresses).length > 0) await deps.saveAddresses(addresses)
      await knownAccounts.remember(checked)
      await knownAccounts.rememberKey(checked.userId, apiKey)
      if (replaced) connection.remove(replaced.key)
      connection.add(apiKey, { confirmed: checked.userId })
      makeCurrent(held)
      emit()
      await remembered
      return state()
    },

    async switch({ userId }) {
      const held = heldOf(userId)
      if (!held) throw new AppError('not-found', NOT_SIGNED_IN)
      if (held !== current) {
        makeCurrent(held)
        emit()
        await remembered
      }
      return state()
    },

    async signOut(input) {
      const held = input?.userId ? heldOf(input.userId) : current
      if (!held) {
        if (input?.userId) throw new AppError('not-found', NOT_SIGNED_IN)
        return state()
      }
      await keys.forget(held)
      connection.remove(held.key)
      if (held.accountId) connection.signedOut(held.accountId)
      if (held === current) makeCurrent(keys.keys.find((other) => !other.rejected) ?? keys.keys[0] ?? null)
      if (held.accountId && deps.forgetAccount) {
        await deps.forgetAccount(held.accountId).catch((error: unknown) => deps.log.warn('Could not forget what was kept for a signed-out account', error))
      }
      emit()
      await remembered
      return state()
    },

    async refresh() {
      const client = connection.client()
      const before = current
      try {
        await client.whoami()
      } catch (error) {
        // A 401 was already turned into "key rejected" by the hook: report the new state.
        if (before?.rejected) return state()
        throw error
      }
      await kept
      return state()
    },

    async useForThisRun(userId) {
      const held = heldOf(userId)
      if (!held) throw new AppError('not-found', NOT_SIGNED_IN)
      forThisRun = true
      makeCurrent(held, false)
      emit()
    },

    secrets: () => keys.keys.map((held) => held.key),

    async close() {
      // A command's process exits right after: an account learnt on the way must be on disk by then,
      // including one a whoami answered while the last saves were finishing (a new `kept`).
      for (;;) {
        const pending = [remembered, kept]
        await Promise.all(pending)
        if (pending[0] === remembered && pending[1] === kept) return
      }
    }
  }
}
