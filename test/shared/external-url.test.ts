import { describe, expect, it } from 'vitest'
import { checkExternalUrl } from '../../src-shared/domain/external-url'

describe('checkExternalUrl', () => {
  it('accepts https links and normalizes them', () => {
    expect(checkExternalUrl(' https://Example.com/a b ')).toEqual({ ok: true, url: 'https://example.com/a%20b' })
  })

  it.each([
    ['http://example.com', 'Only secure web links'],
    ['file:///etc/passwd', 'Only secure web links'],
    ['javascript:alert(1)', 'Only secure web links'],
    ['smb://host/share', 'Only secure web links'],
    ['https://user:secret@example.com', 'user name or password'],
    ['not a url', 'not a valid web address'],
    ['', 'empty'],
    [42, 'empty'],
    [null, 'empty']
  ])('refuses %j with a specific reason', (input, reason) => {
    const result = checkExternalUrl(input)
    expect(result.ok).toBe(false)
    expect(result.ok ? '' : result.reason).toContain(reason)
  })
})
