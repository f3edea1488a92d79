import type { Logger } from '../log'
import type { KeyStore } from '../secrets/key-store'

/** The keychain service the proxy's password is filed under: apart from the API keys, so no account list ever sees it. */
export const PROXY_KEYCHAIN_SERVICE = 'FlipDrop Proxy'
/** Its one entry's name. */
const ENTRY = 'settings-proxy'

/** The Settings proxy's password, in the keychain; only main reads it. */
export interface ProxyPasswords {
  get(): Promise<string | null>
  set(password: string): Promise<void>
  /** True when there was one to remove. */
  remove(): Promise<boolean>
}

export function createProxyPasswords(keychain: KeyStore): ProxyPasswords {
  return {
    get: () => keychain.get(ENTRY),
    set: (password) => keychain.set(ENTRY, password),
    remove: () => keychain.delete(ENTRY)
  }
}

/**
 * Whether the Settings proxy has its password in the keychain, asked only when the proxy
 * names a user (no keychain call for everyone else); a keychain that cannot answer reads as "not set".
 */
export async function proxyPasswordStored(proxyUrl: string, passwords: ProxyPasswords, log: Logger): Promise<boolean> {
  if (!URL.canParse(proxyUrl) || new URL(proxyUrl).username === '') return false
  try {
    return (await passwords.get()) !== null
  } catch (error) {
    log.warn('Could not ask the keychain for the proxy’s password', error)
    return false
  }
}
