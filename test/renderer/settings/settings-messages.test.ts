import { afterEach, describe, expect, it } from 'vitest'
import { proxyPasswordSchema, settingsPatchSchema, settingsSchema } from '../../../src-shared/domain/settings'
import { speak } from '../../../src-renderer/src/i18n/i18n'
import { settingsMessage } from '../../../src-renderer/src/settings/schema-messages'

/*
 * The settings schema refuses in English (main and the command share it); the window shows
 * each refusal in its own language, and one it does not know as it came.
 */

/** Every refusal the schema gives, from values each rule refuses. */
function schemaRefusals(): string[] {
  const refused = [
    settingsSchema.safeParse({ baseUrl: 'not a url' }),
    settingsSchema.safeParse({ baseUrl: 'http://example.com' }),
    settingsSchema.safeParse({ baseUrl: 'https://user:pw@example.com' }),
    settingsSchema.safeParse({ documentUrl: 'not a url' }),
    settingsSchema.safeParse({ documentUrl: 'ftp://docs.example.com' }),
    settingsSchema.safeParse({ documentUrl: 'https://user:pw@docs.example.com' }),
    settingsSchema.safeParse({ uploadConcurrency: 'two' }),
    settingsSchema.safeParse({ uploadConcurrency: 2.5 }),
    settingsSchema.safeParse({ uploadConcurrency: 0 }),
    settingsSchema.safeParse({ uploadConcurrency: 7 }),
    settingsSchema.safeParse({ proxyUrl: 'socks5://proxy:1080' }),
    settingsPatchSchema.safeParse({ proxyUrl: 'http://dana:pw@proxy.example.com:8080' }),
    proxyPasswordSchema.safeParse({ password: '' }),
    proxyPasswordSchema.safeParse({ password: 'x'.repeat(2000) })
  ]
  return refused.map((result) => result.error?.issues[0]?.message ?? 'accepted')
}

describe('settingsMessage', () => {
  afterEach(() => speak('en'))

  it('knows every refusal of the schema: in English as it is, in German translated', async () => {
    const messages = schemaRefusals()
    expect(messages).toHaveLength(14)
    expect(messages).not.toContain('accepted')
    expect(messages.map(settingsMessage)).toEqual(messages)
    await speak('de')
    const german = messages.map(settingsMessage)
    german.forEach((message, index) => expect(message, messages[index]).not.toBe(messages[index]))
    expect(german).toContain('Höchstens 6 Uploads gleichzeitig.')
    expect(german).toContain('Der Proxy muss eine http://- oder https://-Adresse sein, etwa http://proxy.example.com:8080.')
  })

  it('shows a refusal it does not know (from a newer main) as it came', async () => {
    await speak('ja')
    expect(settingsMessage('The service refused this change.')).toBe('The service refused this change.')
  })
})
