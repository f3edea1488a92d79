import { AppError } from '../../../src-shared/contract/errors'
import type { AuthProblem, KeySource } from '../../../src-shared/domain/auth'
import { isSentence, type Sentence } from '../../../src-shared/i18n/said'
import { sentence } from '../i18n/sentence'
import type { Logger } from '../log'
import { KeychainError } from '../secrets/keychain-error'
import type { KeychainStore } from '../secrets/key-store'

/** The entry one key was kept under before FlipDrop kept several: read once, then moved to its account's entry. */
export const LEGACY_ENTRY = 'default'

/** A problem line as the window gets it: the English sentence, and what to say in its language. */
function problemOf(code: AuthProblem['code'], said: string | Sentence): AuthProblem {
  return isSentence(said) ? { code, message: said.text, said: said.said } : { code, message: said }
}

const KEYCHAIN_LOCKED = problemOf('keychain-locked', sentence('coreAccount.keychainLockedAtStart'))

export const KEY_REJECTED = problemOf('unauthorized', sentence('coreAccount.keyRejected'))

/** One API key FlipDrop holds, with where it came from and whose it is believed to be. */
export interface HeldKey {
  readonly key: string
  readonly source: Exclude<KeySource, 'none'>
  /**
   * The account the key is filed under (its keychain entry, or the account whoami confirmed
   * when it was added): a hint until the service confirms it in this process.
   */
  accountId: string | null
  /** The keychain entry it is stored under, or null (session and environment keys). */
  entry: string | null
  /** The service turned it down (401); it stays stored until replaced or signed out. */
  rejected: boolean
}

export interface KeyRingDependencies {
  keychain: KeychainStore
  /** FLIPDROP_API_KEY, which wins over everything and is never stored. */
  environmentKey: string | undefined
  /** The demo's other accounts' keys (FLIPDROP_DEMO_MORE_API_KEYS): held for this run beside the environment's, never stored. */
  demoMoreKeys?: readonly string[]
  /** Whether this computer signed in before (a locked keychain then explains an empty read). */
  signedInBefore: () => Promise<boolean>
  /** The account last seen for the key of the legacy entry (the old account cache), as a hint. */
  legacyHint: () => Promise<string | null>
  /** The account the service confirmed for this very key before, if it did: the environment's key is nobody's until then. */
  environmentHint?: (key: string) => string | null
  log: Logger
}

/**
 * Every API key main holds, one per account: each stored in the OS keychain under its own
 * entry (the account's UserID), or in memory for this session; or the environment's, which
 * then is the only one. Nothing here talks to the service; the connection does.
 */
export interface KeyRing {
  readonly keys: readonly HeldKey[]
  /** What is wrong with the keychain itself (locked, missing), when keys could not be read. */
  readonly problem: AuthProblem | null
  /** Takes the environment's key, else reads every entry of the keychain (each bounded by its timeout). */
  load(): Promise<void>
  /** Keeps a key the service confirmed for `accountId`; replaces that account's earlier key. Returns the held key and the one it replaced. */
  keep(key: string, accountId: string, sessionOnly: boolean): Promise<{ held: HeldKey; replaced: HeldKey | null }>
  /** The service confirmed whose a loaded key is: files it under that account's entry. */
  confirm(held: HeldKey, accountId: string): Promise<void>
  /** Deletes a key (and its keychain entry) and stops holding it. */
  forget(held: HeldKey): Promise<void>
  /** Marks a key as turned down; returns false when it already was. */
  reject(held: HeldKey): boolean
}

function asAppError(error: unknown): unknown {
  return error instanceof KeychainError ? new AppError(error.code, error.sentence) : error
}

export function createKeyRing(deps: KeyRingDependencies): KeyRing {
  let keys: HeldKey[] = []
  let problem: AuthProblem | null = null

  function noteProblem(error: unknown, what: string): void {
    if (error instanceof KeychainError) problem = problemOf(error.code, error.sentence)
    deps.log.warn(what, error instanceof Error ? error.message : error)
  }

  async function readEntry(entry: string): Promise<string | null> {
    try {
      return await deps.keychain.get(entry)
    } catch (error) {
      noteProblem(error, 'Could not read an API key from the keychain')
      return null
    }
  }

  async function readKeychain(): Promise<HeldKey[]> {
    let entries: string[]
    try {
      entries = await deps.keychain.list()
    } catch (error) {
      noteProblem(error, 'Could not list the API keys in the keychain')
      return []
    }
    // A keychain that cannot list still reads the entry FlipDrop always used.
    if (!entries.includes(LEGACY_ENTRY)) entries.push(LEGACY_ENTRY)
    const found: HeldKey[] = []
    for (const entry of entries) {
      const key = await readEntry(entry)
      if (!key || found.some((held) => held.key === key)) continue
      const accountId = entry === LEGACY_ENTRY ? await deps.legacyHint() : entry
      found.push({ key, source: 'keychain', accountId, entry, rejected: false })
    }
    if (found.length === 0 && problem === null && (await deps.signedInBefore())) {
      // We signed in before but read nothing: a locked keychain reads as empty, so ask it.
      const health = await deps.keychain.probe().catch(() => 'unavailable' as const)
      if (health === 'locked') problem = KEYCHAIN_LOCKED
    }
    return found
  }

  async function deleteEntry(entry: string): Promise<void> {
    await deps.keychain.delete(entry).catch((error: unknown) => {
      throw asAppError(error)
    })
  }

  return {
    get keys() {
      return keys
    },
    get problem() {
      return problem
    },

    async load() {
      if (deps.environmentKey) {
        const hint = (key: string): string | null => deps.environmentHint?.(key) ?? null
        keys = [{ key: deps.environmentKey, source: 'environment', accountId: hint(deps.environmentKey), entry: null, rejected: false }]
        // Kept for this session only, like a key signed in without "Remember": signing out deletes nothing.
        for (const key of new Set(deps.demoMoreKeys ?? [])) {
          if (key !== deps.environmentKey) keys.push({ key, source: 'session', accountId: hint(key), entry: null, rejected: false })
        }
        return
      }
      keys = await readKeychain()
    },

    async keep(key, accountId, sessionOnly) {
      const replaced = keys.find((held) => held.accountId === accountId && held.key !== key) ?? null
      const same = keys.find((held) => held.key === key) ?? null
      if (!sessionOnly) {
        await deps.keychain.set(accountId, key).catch((error: unknown) => {
          throw asAppError(error)
        })
      }
      // The account's earlier key, and this key under another entry (the legacy one), go; the
      // account's own entry was just overwritten, unless the key is kept for the session only.
      for (const old of [replaced, same]) {
        if (!old?.entry || (old.entry === accountId && !sessionOnly)) continue
        await deleteEntry(old.entry).catch((error: unknown) => deps.log.warn('Could not delete an old keychain entry', error))
      }
      const held: HeldKey = { key, source: sessionOnly ? 'session' : 'keychain', accountId, entry: sessionOnly ? null : accountId, rejected: false }
      keys = [...keys.filter((other) => other !== replaced && other !== same), held]
      problem = null
      return { held, replaced }
    },

    async confirm(held, accountId) {
      held.accountId = accountId
      if (held.source !== 'keychain' || held.entry === accountId) return
      // Filed under the old single entry, or under another account's: move it to its own.
      try {
        await deps.keychain.set(accountId, held.key)
        if (held.entry) await deps.keychain.delete(held.entry)
        held.entry = accountId
      } catch (error) {
        deps.log.warn('Could not file the API key under its account in the keychain; it keeps working', error instanceof Error ? error.message : error)
      }
    },

    async forget(held) {
      // Only a key that came from the keychain is deleted there: signing out of an environment
      // or session key (the demo's, say) must not delete a stored key.
      if (held.source === 'keychain' && held.entry) await deleteEntry(held.entry)
      keys = keys.filter((other) => other !== held)
      if (keys.length === 0) problem = null
    },

    reject(held) {
      if (held.rejected) return false
      held.rejected = true
      return true
    }
  }
}
