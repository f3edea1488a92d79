import { checkAccount, checkKey } from './check-arguments'
import type { KeyStore } from './key-store'

/**
 * The fallback when there is no usable keychain: keys live in memory and are gone when the
 * app quits ("keep the key for this session only").
 */
export function createSessionStore(): KeyStore {
  const keys = new Map<string, string>()
  return {
    storage: 'session',
    async get(account) {
      checkAccount(account)
      return keys.get(account) ?? null
    },
    async set(account, key) {
      checkAccount(account)
      checkKey(key)
      keys.set(account, key)
    },
    async delete(account) {
      checkAccount(account)
      return keys.delete(account)
    }
  }
}
