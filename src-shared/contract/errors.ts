import { SERVICE_ERROR_KINDS } from '../domain/service/errors'
import { isSentence, type Said, type Sentence } from '../i18n/said'

/** Why the keychain failed (src-main/core/secrets). */
export const KEYCHAIN_ERROR_CODES = ['keychain-locked', 'keychain-unavailable', 'keychain-timeout', 'keychain-failed'] as const

/**
 * The closed set of error codes that may cross the IPC bridge.
 * Later areas add their codes here, so the renderer can switch over every one of them.
 */
export const ERROR_CODES = [
  ...SERVICE_ERROR_KINDS,
  ...KEYCHAIN_ERROR_CODES,
  /** The action needs a signed-in account. */
  'signed-out',
  /** FlipDrop's main process could not start (the message says why); Retry may help. */
  'not-started',
  /** The input did not match the channel's schema. */
  'invalid-input',
  /** The call did not come from the app's own window. */
  'untrusted-sender',
  /** The channel is not part of the contract. */
  'unknown-channel',
  /** The request is well formed but refused by policy (e.g. a non-https link). */
  'not-allowed',
  /** FlipDrop cannot save its data now (a full disk, a read-only data folder); nothing was changed. */
  'cannot-save',
  /** Anything unexpected; the details stay in the main process log. */
  'internal'
] as const

export type ErrorCode = (typeof ERROR_CODES)[number]

/** What an error looks like once it has crossed the bridge: a code and a sentence for a designer. */
export interface BridgeError {
  code: ErrorCode
  /** In English, as the command prints it. */
  message: string
  /** The same sentence for the window to say in its language, when the core wrote it from its catalog. */
  said?: Said
}

/** Every invoke result is this envelope; errors travel as data, never as thrown stacks. */
export type Envelope<T> = { ok: true; value: T } | { ok: false; error: BridgeError }

/** True when `value` is one of the known error codes. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value)
}

/**
 * The error type the core throws on purpose. The IPC wrapper turns it into an envelope
 * error with the same code and message; any other thrown value becomes `internal`.
 */
export class AppError extends Error {
  readonly code: ErrorCode
  readonly said: Said | undefined

  constructor(code: ErrorCode, message: string | Sentence) {
    super(isSentence(message) ? message.text : message)
    this.name = 'AppError'
    this.code = code
    this.said = isSentence(message) ? message.said : undefined
  }

  /** Its sentence, to be said again by another error or a job (with what the window says, when known). */
  get sentence(): string | Sentence {
    return this.said ? { text: this.message, said: this.said } : this.message
  }
}
