import { KeychainError, keychainSentence } from './keychain-error'

/*
 * libsecret reports failures only as text (keytar drops the GError domain and code), so the
 * text is the only signal. The patterns cover the messages seen from libsecret, GDBus and
 * the D-Bus daemon; anything else stays 'keychain-failed' with its words kept as detail.
 */

/** Nothing answers for the Secret Service, or there is no session bus at all. */
const UNAVAILABLE = [
  /was not provided by any \.service files/i, // bus up, no Secret Service registered
  /org\.freedesktop\.DBus\.Error\.(ServiceUnknown|NameHasNoOwner|Spawn)/i,
  /Cannot autolaunch D-Bus/i, // no DBUS_SESSION_BUS_ADDRESS and no X11
  /Could not connect/i, // bus address points at nothing
  /^Address element|Unknown or unsupported transport/i, // malformed bus address
  /No such interface/i,
  /Cannot spawn a message bus/i,
  /Unexpected lack of content|The connection is closed/i // the bus dropped the connection
]

/**
 * The default collection exists but is locked, and no prompt unlocked it (a missing or
 * dismissed unlock prompt also means locked, so 'prompt' is checked before 'unavailable').
 */
const LOCKED = [/locked collection/i, /is locked/i, /IsLocked/, /Failed to unlock/i, /prompt/i]

/** libsecret's own D-Bus call timed out (about 25 s per call). */
const TIMED_OUT = [/Timeout was reached/i, /timed out/i]

function textOf(error: unknown): string {
  if (error instanceof Error) return error.message
  return typeof error === 'string' ? error : String(error)
}

function redact(text: string, secret: string | undefined): string {
  return secret ? text.split(secret).join('[redacted]') : text
}

/**
 * Turns whatever keytar threw into a KeychainError with a code from the closed set.
 * `secret` is the key being written, if any, so it can be kept out of the detail.
 */
export function classifyKeychainError(error: unknown, timeoutMs: number, secret?: string): KeychainError {
  if (error instanceof KeychainError) return error
  const detail = redact(textOf(error), secret)
  if (LOCKED.some((pattern) => pattern.test(detail))) {
    return new KeychainError('keychain-locked', keychainSentence.locked(), detail)
  }
  if (UNAVAILABLE.some((pattern) => pattern.test(detail))) {
    return new KeychainError('keychain-unavailable', keychainSentence.unavailable(), detail)
  }
  if (TIMED_OUT.some((pattern) => pattern.test(detail))) {
    return new KeychainError('keychain-timeout', keychainSentence.timeout(timeoutMs), detail)
  }
  return new KeychainError('keychain-failed', keychainSentence.failed(), detail)
}
