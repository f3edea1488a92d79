import { createFlipdropApi, type BridgeTransport } from '../../src-shared/contract/bridge'
import type { Envelope } from '../../src-shared/contract/errors'
import type { AccountEntry, AuthState } from '../../src-shared/domain/auth'
import type { Account } from '../../src-shared/domain/service/account'

/**
 * Component tests in happy-dom: the bridge is the real one from the contract; main's side is
 * a scripted transport, standing for a main process that answers or fails on cue. The full
 * app against the real core runs in Chromium (test/e2e).
 */
export function installBridge(answer: (channel: string, input: unknown) => Envelope<unknown> | Promise<Envelope<unknown>>) {
  const calls: { channel: string; input: unknown }[] = []
  const listeners = new Map<string, Set<(payload: unknown) => void>>()
  const transport: BridgeTransport = {
    invoke: async (channel, input) => {
      calls.push({ channel, input })
      return answer(channel, input)
    },
    subscribe(channel, listener) {
      const set = listeners.get(channel) ?? new Set()
      set.add(listener)
      listeners.set(channel, set)
      return () => set.delete(listener)
    }
  }
  Object.defineProperty(window, 'flipdrop', { value: createFlipdropApi(transport, () => ''), configurable: true })
  return {
    calls,
    fire: (channel: string, payload: unknown) => listeners.get(channel)?.forEach((listener) => listener(payload)),
    listenerCount: (channel: string) => listeners.get(channel)?.size ?? 0
  }
}


/** One account as main lists it: signed in with a keychain key, not current, unless told otherwise. */
export function accountEntry(userId: string, fields: Partial<AccountEntry> = {}): AccountEntry {
  return { userId, name: null, email: null, brand: null, profileImage: null, current: false, signedIn: true, storage: 'keychain', problem: null, ...fields }
}

/** The auth state main reports for these accounts: the first four fields are the current one's (as main derives them). */
export function authStateOf(accounts: AccountEntry[]): AuthState {
  const current = accounts.find((entry) => entry.current) ?? null
  const account: Account | null = current
    ? { userId: current.userId, vendorId: null, name: current.name, email: current.email, brand: current.brand, appUrl: null, maxFileSizeMb: null }
    : null
  return {
    signedIn: current !== null && current.problem === null,
    account,
    storage: current?.storage ?? 'none',
    problem: current?.problem ?? null,
    accounts
  }
}

/**
 * Main's `auth` area for several accounts, kept as main keeps it: `auth:switch` makes another
 * signed-in account current, `auth:signOut` signs one out (the current one without a userId)
 * and makes the first other signed-in one current, `auth:signIn` adds `added` as current.
 * `answer` returns undefined for any other channel, so a test's own answers can follow.
 */
export function fakeAuth(initial: AccountEntry[], added?: AccountEntry) {
  let accounts = initial.map((entry) => ({ ...entry }))
  const state = (): AuthState => authStateOf(accounts)
  const makeCurrent = (userId: string | null): void => {
    accounts = accounts.map((entry) => ({ ...entry, current: entry.userId === userId }))
  }
  function answer(channel: string, input: unknown): Envelope<unknown> | undefined {
    if (channel === 'auth:status' || channel === 'auth:refresh') return { ok: true, value: state() }
    if (channel === 'auth:switch') {
      const { userId } = input as { userId: string }
      if (!accounts.some((entry) => entry.userId === userId && entry.signedIn)) {
        return { ok: false, error: { code: 'not-found', message: 'That account is not signed in to FlipDrop.' } }
      }
      makeCurrent(userId)
      return { ok: true, value: state() }
    }
    if (channel === 'auth:signOut') {
      const userId = (input as { userId?: string } | undefined)?.userId ?? accounts.find((entry) => entry.current)?.userId
      accounts = accounts.map((entry) => (entry.userId === userId ? { ...entry, signedIn: false, current: false, storage: 'none' } : entry))
      if (!accounts.some((entry) => entry.current)) makeCurrent(accounts.find((entry) => entry.signedIn && entry.problem === null)?.userId ?? null)
      return { ok: true, value: state() }
    }
    if (channel === 'auth:signIn' && added) {
      accounts = [...accounts.filter((entry) => entry.userId !== added.userId), { ...added, signedIn: true }]
      makeCurrent(added.userId)
      return { ok: true, value: state() }
    }
    return undefined
  }
  return { answer, state, accounts: () => accounts }
}
