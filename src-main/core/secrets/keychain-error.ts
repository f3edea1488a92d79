import { isSentence, type Said, type Sentence } from '../../../src-shared/i18n/said'
import { sentence } from '../i18n/sentence'

/** Why the keychain could not do what was asked; a closed set the UI can switch on. */
export type KeychainErrorCode = 'keychain-locked' | 'keychain-unavailable' | 'keychain-timeout' | 'keychain-failed'

/** Designer-facing wording, in one place so every path says the same thing; the window says it in its language. */
export const keychainSentence = {
  locked: (): Sentence => sentence('coreAccount.keychain.locked'),
  unavailable: (): Sentence => sentence('coreAccount.keychain.unavailable'),
  timeout: (timeoutMs: number): Sentence => {
    const seconds = Math.round(timeoutMs / 100) / 10
    return sentence('coreAccount.keychain.timeout', { seconds }, seconds)
  },
  failed: (): Sentence => sentence('coreAccount.keychain.failed')
}

/** The same wording as English text (what the command prints). */
export const explainKeychain = {
  locked: (): string => keychainSentence.locked().text,
  unavailable: (): string => keychainSentence.unavailable().text,
  timeout: (timeoutMs: number): string => keychainSentence.timeout(timeoutMs).text,
  failed: (): string => keychainSentence.failed().text
}

/**
 * A keychain call that failed. `message` is written for a designer; `detail` keeps the
 * keychain's own words for the log. Neither ever contains the key.
 */
export class KeychainError extends Error {
  readonly code: KeychainErrorCode
  /** The keychain's own message, with the key (if it ever appeared) redacted. */
  readonly detail: string | undefined
  /** The sentence for the window to say in its language. */
  readonly said: Said | undefined

  constructor(code: KeychainErrorCode, message: string | Sentence, detail?: string) {
    super(isSentence(message) ? message.text : message)
    this.name = 'KeychainError'
    this.code = code
    this.detail = detail
    this.said = isSentence(message) ? message.said : undefined
  }

  /** Its sentence, to be said again by another error or a problem line. */
  get sentence(): string | Sentence {
    return this.said ? { text: this.message, said: this.said } : this.message
  }
}
