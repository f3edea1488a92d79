import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type { BridgeError } from '../../../src-shared/contract/errors'
import { accountLabel, type AccountEntry, type AuthState, type SignInInput } from '../../../src-shared/domain/auth'
import { accountTags, type AccountTag } from '../account/accounts'
import { bridge } from '../bridge'
import { useLibraryStore } from './library-store'

/**
 * "Add another account…" or "Sign in again" to one account: the sign-in form, as a dialog
 * over the app. `again`: the account whose key is asked for again (refused, or signed out).
 */
export interface AddingAccount {
  again: AccountEntry | null
}

/** Who is signed in, as main reports it: every account kept here, and the current one. The keys themselves are never here. */
export const useAuthStore = defineStore('auth', () => {
  const state = ref<AuthState | null>(null)
  const busy = ref(false)
  const error = ref<BridgeError | null>(null)
  /** The sign-in form is open over the app to add an account (null: it is not). */
  const adding = ref<AddingAccount | null>(null)
  const signedIn = computed(() => state.value?.signedIn === true)
  /** Every account FlipDrop knows, signed in or not (a main that names none: none). */
  const accounts = computed<AccountEntry[]>(() => state.value?.accounts ?? [])
  /** The accounts whose keys are kept here, in the order they were added. */
  const signedInAccounts = computed(() => accounts.value.filter((entry) => entry.signedIn))
  /** The account new work goes to, and the library, plan and account views show. */
  const current = computed(() => accounts.value.find((entry) => entry.current) ?? null)
  /** More than one account is signed in: the window names accounts wherever work could go to either. */
  const several = computed(() => signedInAccounts.value.length > 1)

  /** Each account's badge: its short name and colour, the same everywhere (avatar, queue filter, badges). */
  const tags = computed(() => accountTags(accounts.value))
  function tagOf(userId: string | null | undefined): AccountTag | null {
    return userId ? (tags.value.get(userId) ?? null) : null
  }

  function entryOf(userId: string | null): AccountEntry | null {
    return userId === null ? null : (accounts.value.find((entry) => entry.userId === userId) ?? null)
  }

  /** "Northwind (dana@…)" for an account FlipDrop knows; null for one it does not. */
  function labelOf(userId: string | null): string | null {
    const entry = entryOf(userId)
    return entry ? accountLabel(entry) : null
  }

  async function load(): Promise<void> {
    const reply = await bridge().auth.status()
    if (reply.ok) state.value = reply.value
    else error.value = reply.error
  }

  /** Follows main's auth:changed (sign-in elsewhere, a switch, a key rejected mid-session). */
  function follow(): () => void {
    return bridge().auth.onChanged((next) => {
      state.value = next
    })
  }

  /** Signs in with a key: a new account is added beside the others and becomes the current one. */
  async function signIn(input: SignInInput): Promise<boolean> {
    busy.value = true
    error.value = null
    try {
      const reply = await bridge().auth.signIn(input)
      if (!reply.ok) {
        error.value = reply.error
        return false
      }
      state.value = reply.value
      return true
    } finally {
      busy.value = false
    }
  }

  /**
   * Makes another signed-in account the current one. Instant: what main kept of it shows at
   * once, so nothing is marked busy; returns the refusal, if any.
   */
  async function switchTo(userId: string): Promise<BridgeError | null> {
    // The library shows that account's rows kept in this window at once; main's answer refreshes them.
    useLibraryStore().preview(current.value?.userId ?? null, userId)
    const reply = await bridge().auth.switch({ userId })
    if (!reply.ok) {
      error.value = reply.error
      return reply.error
    }
    error.value = null
    state.value = reply.value
    return null
  }

  /** Signs out of one account (the current one without `userId`); the others stay signed in. */
  async function signOut(userId?: string): Promise<void> {
    busy.value = true
    try {
      const reply = await bridge().auth.signOut(userId === undefined ? undefined : { userId })
      if (reply.ok) state.value = reply.value
      else error.value = reply.error
    } finally {
      busy.value = false
    }
  }

  /** Asks main to check the key and refresh the account; returns the refusal, if any. */
  async function refresh(): Promise<BridgeError | null> {
    const reply = await bridge().auth.refresh()
    if (!reply.ok) return reply.error
    state.value = reply.value
    return null
  }

  /** Opens the sign-in form over the app: to add an account, or for one account's key again. */
  function startAdding(again: AccountEntry | null = null): void {
    // A refusal left from an earlier try must not greet the new form.
    error.value = null
    adding.value = { again }
  }

  function stopAdding(): void {
    error.value = null
    adding.value = null
  }

  return {
    state,
    busy,
    error,
    adding,
    signedIn,
    accounts,
    signedInAccounts,
    tagOf,
    current,
    several,
    entryOf,
    labelOf,
    load,
    follow,
    signIn,
    switchTo,
    signOut,
    refresh,
    startAdding,
    stopAdding
  }
})
