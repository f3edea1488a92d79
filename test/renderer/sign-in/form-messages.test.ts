import { afterAll, describe, expect, it } from 'vitest'
import { signInSchema } from '../../../src-shared/domain/auth'
import { speak } from '../../../src-renderer/src/i18n/i18n'
import { signInMessage } from '../../../src-renderer/src/sign-in/form-messages'

/* The sign-in schema refuses in English (main and the command share it); the form says each refusal in the window's language. */

/** What the schema says of this key. */
function refusalOf(apiKey: string): string {
  const parsed = signInSchema.safeParse({ apiKey })
  if (parsed.success) throw new Error('the key was accepted')
  return parsed.error.issues[0]?.message ?? ''
}

afterAll(() => speak('en'))

describe('signInMessage', () => {
  it('knows every refusal of a key the schema gives: in English it is the schema’s own sentence', async () => {
    await speak('en')
    for (const apiKey of ['short', 'x'.repeat(600), 'has a space in it']) expect(signInMessage(refusalOf(apiKey))).toBe(refusalOf(apiKey))
  })

  it('says them in German, and an address refused by the settings schema too', async () => {
    await speak('de')
    expect(signInMessage(refusalOf('short'))).toBe('Das ist zu kurz für einen API-Schlüssel.')
    expect(signInMessage(refusalOf('has a space in it'))).toBe('Ein API-Schlüssel enthält keine Leerzeichen oder Sonderzeichen – prüf, was eingefügt wurde.')
    const address = signInSchema.safeParse({ apiKey: 'a-good-key-123', baseUrl: 'not an address' })
    const message = address.success ? '' : (address.error.issues[0]?.message ?? '')
    expect(message).not.toBe('')
    expect(signInMessage(message)).not.toBe(message)
  })

  it('shows a refusal it does not know as it came', async () => {
    await speak('de')
    expect(signInMessage('Something a newer main says.')).toBe('Something a newer main says.')
  })
})
