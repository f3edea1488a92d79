import { KeychainError, explainKeychain } from '../../src-main/core/secrets/keychain-error'
import type { KeychainHealth, KeychainStore } from '../../src-main/core/secrets/key-store'

/**
 * An in-memory stand-in for the OS keychain, for tests about everything *around* the
 * keychain (the real keychain has its own tests against gnome-keyring). `health` switches
 * it into the states a real keychain can be in.
 */
export function createMemoryKeychain(health: KeychainHealth = 'ok') {
  const entries = new Map<string, string>()
  const fail = (): never => {
    if (store.health === 'locked') throw new KeychainError('keychain-locked', explainKeychain.locked())
    if (store.health === 'timeout') throw new KeychainError('keychain-timeout', explainKeychain.timeout(5000))
    throw new KeychainError('keychain-unavailable', explainKeychain.unavailable())
  }
  const store: KeychainStore & { health: KeychainHealth; entries: Map<string, string> } = {
    storage: 'keychain',
    health,
    entries,
    async get(account) {
      if (store.health === 'locked') return null
      if (store.health !== 'ok') fail()
      return entries.get(account) ?? null
    },
    async set(account, key) {
      if (store.health !== 'ok') fail()
      entries.set(account, key)
    },
    async delete(account) {
      if (store.health !== 'ok') fail()
      return entries.delete(account)
    },
    async list() {
      if (store.health === 'locked') return []
      if (store.health !== 'ok') fail()
      return [...entries.keys()]
    },
    async probe() {
      return store.health
    }
  }
  return store
}
