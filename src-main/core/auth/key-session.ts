import { AppError } from '../../../src-shared/contract/errors'
import type { AuthProblem, KeySource } from '../../../src-shared/domain/auth'
import type { Logger } from '../log'
import { KeychainError } from '../secrets/keychain-error'
import type { KeychainStore } from '../secrets/key-store'

/** Keychain entry name: one profile for now; the store supports several. */
const PROFILE = 'default'

const KEYCHAIN_LOCKED: AuthProblem = {
  code: 'keychain-locked',
  message: 'Your keychain is locked, so FlipDrop cannot read your API key. Unlock it and restart FlipDrop, or sign in again.'
}

const KEY_REJECTED: AuthProblem = {
  code: 'unauthorized',
  message: 'The service no longer accepts your API key. Paste a new key to continue; nothing waiting was lost.'
}

export interface KeySessionDependencies {
  keychain: KeychainStore
  /** FLIPDROP_API_KEY, which wins over the keychain and is never stored. */
  environmentKey: string | undefined
  /** Whether this computer signed in before (a locked keychain then explains an empty read). */
  signedInBefore: () => Promise<boolean>
  log: Logger
}

/**
 * The API key's life in main: where it came from, where it is kept (the OS keychain, or
 * memory for this session only), and what is wrong with it. Nothing here talks to the
 * service; the connection does.
 */
export interface KeySession {
  /** The key in use, or null. */
  readonly key: string | null
  readonly source: KeySource
  readonly problem: AuthProblem | null
  /** Whether the service turned the key down (401); it stays stored until replaced. */
  readonly rejected: boolean
  /** Takes the environment's key, else reads the keychain (bounded by the keychain's timeout). */
  load(): Promise<void>
  /** Keeps a key the service accepted: in the keychain, or for this session only. */
  keep(key: string, sessionOnly: boolean): Promise<void>
  /** Deletes the stored key and stops using any key. */
  forget(): Promise<void>
  /** Marks the key as turned down; returns false when it already was. */
  reject(): boolean
}

function asAppError(error: unknown): unknown {
  return error instanceof KeychainError ? new AppError(error.code, error.message) : error
}

export function createKeySession(deps: KeySessionDependencies): KeySession {
  let key: string | null = null
  let source: KeySource = 'none'
  let problem: AuthProblem | null = null

  async function readKeychain(): Promise<string | null> {
    try {
      const stored = await deps.keychain.get(PROFILE)
      if (stored === null && (await deps.signedInBefore())) {
        // We signed in before but read nothing: a locked keychain reads as empty, so ask it.
        const health = await deps.keychain.probe().catch(() => 'unavailable' as const)
        if (health === 'locked') problem = KEYCHAIN_LOCKED
      }
      return stored
    } catch (error) {
      if (error instanceof KeychainError) problem = { code: error.code, message: error.message }
      deps.log.warn('Could not read the API key from the keychain', error instanceof Error ? error.message : error)
      return null
    }
  }

  return {
    get key() {
      return key
    },
    get source() {
      return source
    },
    get problem() {
      return problem
    },
    get rejected() {
      return problem === KEY_REJECTED
    },

    async load() {
      if (deps.environmentKey) {
        key = deps.environmentKey
        source = 'environment'
        return
      }
      const stored = await readKeychain()
      if (stored) {
        key = stored
        source = 'keychain'
      }
    },

    async keep(next, sessionOnly) {
      if (!sessionOnly) {
        // A key kept for the session lives only in this variable; a stored one in the keychain.
        await deps.keychain.set(PROFILE, next).catch((error: unknown) => {
          throw asAppError(error)
        })
      }
      key = next
      source = sessionOnly ? 'session' : 'keychain'
      problem = null
    },

    async forget() {
      // Only a key that came from the keychain is deleted there: signing out of an environment
      // or session key (the demo's, say) must not delete the designer's stored key.
      if (source === 'keychain') {
        await deps.keychain.delete(PROFILE).catch((error: unknown) => {
          throw asAppError(error)
        })
      }
      key = null
      source = 'none'
      problem = null
    },

    reject() {
      if (problem === KEY_REJECTED) return false
      problem = KEY_REJECTED
      return true
    }
  }
}
