/** Why the keychain could not do what was asked; a closed set the UI can switch on. */
export type KeychainErrorCode = 'keychain-locked' | 'keychain-unavailable' | 'keychain-timeout' | 'keychain-failed'

/** Designer-facing wording, in one place so every path says the same thing. */
export const explainKeychain = {
  locked: (): string => 'Your keychain is locked. Unlock it (for example by logging in again) and try once more.',
  unavailable: (): string =>
    'No keychain is available on this computer (on Linux FlipDrop needs a Secret Service such as GNOME Keyring or KWallet). You can keep the key for this session only.',
  timeout: (timeoutMs: number): string => `The keychain did not answer within ${formatSeconds(timeoutMs)}.`,
  failed: (): string => 'The keychain could not complete the request. Try again; if it keeps failing, restart your computer.'
}

function formatSeconds(ms: number): string {
  const seconds = Math.round(ms / 100) / 10
  return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`
}

/**
 * A keychain call that failed. `message` is written for a designer; `detail` keeps the
 * keychain's own words for the log. Neither ever contains the key.
 */
export class KeychainError extends Error {
  readonly code: KeychainErrorCode
  /** The keychain's own message, with the key (if it ever appeared) redacted. */
  readonly detail: string | undefined

  constructor(code: KeychainErrorCode, message: string, detail?: string) {
    super(message)
    this.name = 'KeychainError'
    this.code = code
    this.detail = detail
  }
}
