import { KeychainError, keychainSentence } from './keychain-error'

/** The part of keytar the key store uses; also what a test may inject instead. */
export interface KeytarLike {
  getPassword(service: string, account: string): Promise<string | null>
  setPassword(service: string, account: string, password: string): Promise<void>
  deletePassword(service: string, account: string): Promise<boolean>
  /** Every entry of a service (keytar has it; a stand-in may leave it out, and then lists nothing). */
  findCredentials?(service: string): Promise<{ account: string; password: string }[]>
}

function isKeytarLike(value: unknown): value is KeytarLike {
  if (typeof value !== 'object' || value === null) return false
  const candidate = value as Record<string, unknown>
  return ['getPassword', 'setPassword', 'deletePassword'].every((name) => typeof candidate[name] === 'function')
}

/** keytar is CommonJS: under ESM its functions sit on `default` (Node finds only some as named exports). */
function pickBackend(module: unknown): KeytarLike | undefined {
  const namespace = module as { default?: unknown }
  if (isKeytarLike(namespace.default)) return namespace.default
  return isKeytarLike(module) ? module : undefined
}

// One load per process; a failed load stays failed, since a native module cannot appear later.
let loading: Promise<KeytarLike> | undefined

/**
 * Loads keytar on first use, so a missing or mis-built native module becomes a
 * `keychain-unavailable` error when the key is needed instead of a crash at start-up.
 */
export function loadKeytar(): Promise<KeytarLike> {
  loading ??= import('keytar').then(
    (module: unknown) => {
      const backend = pickBackend(module)
      if (backend) return backend
      throw new KeychainError('keychain-unavailable', keychainSentence.unavailable(), 'keytar has an unexpected shape.')
    },
    (error: unknown) => {
      const detail = error instanceof Error ? error.message : String(error)
      throw new KeychainError('keychain-unavailable', keychainSentence.unavailable(), `keytar did not load: ${detail}`)
    }
  )
  return loading
}
