/** Where a key store keeps the key: the OS keychain, or memory until the app quits. */
export type KeyStorage = 'keychain' | 'session'

/**
 * Holds the user's API key, one entry per account profile. Lives in the main process only;
 * the key never crosses to the renderer.
 */
export interface KeyStore {
  readonly storage: KeyStorage
  /** The stored key, or null when there is none (a locked keychain also reads as null). */
  get(account: string): Promise<string | null>
  /** Stores the key, replacing any earlier one for the account. */
  set(account: string, key: string): Promise<void>
  /** Removes the key; true when there was one to remove. */
  delete(account: string): Promise<boolean>
  /** Every entry's name (one per account), so several accounts can be found without an index file. */
  list(): Promise<string[]>
}

/** What a probe of the keychain found. */
export type KeychainHealth = 'ok' | 'locked' | 'unavailable' | 'timeout'

/** A key store backed by the OS keychain, which can also say whether the keychain is usable. */
export interface KeychainStore extends KeyStore {
  readonly storage: 'keychain'
  /**
   * Writes and deletes a throwaway entry, because a locked keychain reads like an empty one
   * and only a write tells them apart. Rejects with a `keychain-failed` KeychainError when
   * the keychain fails in a way none of the answers describes.
   */
  probe(): Promise<KeychainHealth>
}
