import { describe, expect, it } from 'vitest'
import { classifyKeychainError } from '../../../../src-main/core/secrets/classify-keychain-error'
import { KeychainError, explainKeychain } from '../../../../src-main/core/secrets/keychain-error'

const KEY = 'fd_live_5a4b3c2d1e0f99887766'

/** Messages keytar 7.9 / libsecret 0.20 / gnome-keyring 42 gave on this machine. */
const OBSERVED: [string, KeychainError['code']][] = [
  ['The name org.freedesktop.secrets was not provided by any .service files', 'keychain-unavailable'],
  ['Cannot autolaunch D-Bus without X11 $DISPLAY', 'keychain-unavailable'],
  ['Could not connect: No such file or directory', 'keychain-unavailable'],
  ['Address element “garbage” does not contain a colon (:)', 'keychain-unavailable'],
  ['Unexpected lack of content trying to read a line', 'keychain-unavailable'],
  ['Cannot create an item in a locked collection', 'keychain-locked'],
  ['Timeout was reached', 'keychain-timeout'],
  ['Service is required.', 'keychain-failed']
]

describe('classifyKeychainError', () => {
  it.each(OBSERVED)('maps "%s" to %s, keeping the words as detail', (text, code) => {
    const error = classifyKeychainError(new Error(text), 5000)
    expect(error).toBeInstanceOf(KeychainError)
    expect(error.code).toBe(code)
    expect(error.detail).toBe(text)
  })

  it('words each code for a designer', () => {
    expect(classifyKeychainError(new Error('Cannot create an item in a locked collection'), 5000).message).toBe(
      'Your keychain is locked. Unlock it (for example by logging in again) and try once more.'
    )
    expect(classifyKeychainError(new Error('Timeout was reached'), 5000).message).toBe(
      'The keychain did not answer within 5 seconds.'
    )
    expect(explainKeychain.timeout(1000)).toBe('The keychain did not answer within 1 second.')
    expect(classifyKeychainError(new Error('Could not connect: Connection refused'), 5000).message).toBe(explainKeychain.unavailable())
  })

  it('never lets the key into the message or the detail', () => {
    const error = classifyKeychainError(new Error(`could not store ${KEY} in ${KEY}`), 5000, KEY)
    expect(error.code).toBe('keychain-failed')
    expect(error.message).not.toContain(KEY)
    expect(error.detail).toBe('could not store [redacted] in [redacted]')
  })

  it('passes a KeychainError through unchanged', () => {
    const original = new KeychainError('keychain-unavailable', explainKeychain.unavailable(), 'keytar did not load')
    expect(classifyKeychainError(original, 5000)).toBe(original)
  })
})
