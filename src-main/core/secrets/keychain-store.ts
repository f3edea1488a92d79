import { randomBytes } from 'node:crypto'
import { createCallGuard } from './call-guard'
import { checkAccount, checkKey } from './check-arguments'
import { classifyKeychainError } from './classify-keychain-error'
import { KeychainError } from './keychain-error'
import type { KeychainHealth, KeychainStore } from './key-store'
import { loadKeytar, type KeytarLike } from './load-keytar'

/** Options for the keychain-backed key store. */
export interface KeychainStoreOptions {
  /** The keychain service name entries are filed under. Default 'FlipDrop'. */
  service?: string
  /** How long one keychain call may take before it fails with `keychain-timeout`. Default 5000. */
  timeoutMs?: number
  /** Stands in for keytar; only for tests of paths real keytar cannot reach on demand. */
  backend?: KeytarLike
}

/** The account the probe writes and deletes, named so no real profile would clash with it. */
export const PROBE_ACCOUNT = '__flipdrop_probe__'

const HEALTH_BY_CODE = {
  'keychain-locked': 'locked',
  'keychain-unavailable': 'unavailable',
  'keychain-timeout': 'timeout'
} as const satisfies Partial<Record<KeychainError['code'], KeychainHealth>>

/**
 * The API key store in the OS keychain (through keytar), one entry per account profile
 * under one service name. Every call has a deadline, and every failure is a KeychainError.
 */
export function createKeychainStore(options: KeychainStoreOptions = {}): KeychainStore {
  const service = options.service ?? 'FlipDrop'
  const timeoutMs = options.timeoutMs ?? 5000
  const guard = createCallGuard(timeoutMs)
  const backend = (): Promise<KeytarLike> => (options.backend ? Promise.resolve(options.backend) : loadKeytar())

  async function call<T>(use: (keytar: KeytarLike) => Promise<T>, secret?: string): Promise<T> {
    try {
      return await guard.run(async () => use(await backend()))
    } catch (error) {
      throw classifyKeychainError(error, timeoutMs, secret)
    }
  }

  return {
    storage: 'keychain',
    async get(account) {
      checkAccount(account)
      return call((keytar) => keytar.getPassword(service, account))
    },
    async set(account, key) {
      checkAccount(account)
      checkKey(key)
      await call((keytar) => keytar.setPassword(service, account, key), key)
    },
    async delete(account) {
      checkAccount(account)
      return call((keytar) => keytar.deletePassword(service, account))
    },
    async list() {
      const found = await call(async (keytar) => (keytar.findCredentials ? keytar.findCredentials(service) : []))
      // Only names leave here: the keys are read one by one, by whoever needs one.
      return found.map((entry) => entry.account).filter((account) => account !== PROBE_ACCOUNT)
    },
    async probe() {
      const throwaway = randomBytes(16).toString('hex')
      try {
        await call((keytar) => keytar.setPassword(service, PROBE_ACCOUNT, throwaway), throwaway)
        await call((keytar) => keytar.deletePassword(service, PROBE_ACCOUNT))
        return 'ok'
      } catch (error) {
        if (error instanceof KeychainError && error.code !== 'keychain-failed') return HEALTH_BY_CODE[error.code]
        throw error
      }
    }
  }
}
