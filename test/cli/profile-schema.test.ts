import { describe, expect, it } from 'vitest'
import { profileChangeProblem, profileChangeSchema } from '../../src-shared/domain/profile'

describe('profileChangeSchema (shared by the profile command and the Account form)', () => {
  it('trims, drops empty fields (they keep the old value) and keeps the rest', () => {
    expect(profileChangeSchema.parse({ name: '  Dana  ', phone: '', profileImage: ' https://cdn.example.com/a.png ' })).toEqual({
      name: 'Dana',
      profileImage: 'https://cdn.example.com/a.png'
    })
    expect(profileChangeSchema.parse({ phone: '+1 (415) 555-0134' })).toEqual({ phone: '+1 (415) 555-0134' })
    expect(profileChangeSchema.parse({ profileImage: 'http://127.0.0.1:8787/me.png' })).toEqual({ profileImage: 'http://127.0.0.1:8787/me.png' })
  })

  it('says what is wrong in words for a designer', () => {
    expect(profileChangeProblem({})).toBe('Give a new name, phone number or profile image: an empty value keeps the old one.')
    expect(profileChangeProblem({ name: ' ', phone: '' })).toBe('Give a new name, phone number or profile image: an empty value keeps the old one.')
    expect(profileChangeProblem({ name: 'x'.repeat(201) })).toBe('The name can be at most 200 characters long.')
    expect(profileChangeProblem({ name: 'x'.repeat(200) })).toBeNull()
    expect(profileChangeProblem({ phone: 'ext. 12345' })).toMatch(/^That does not look like a phone number\./)
    expect(profileChangeProblem({ phone: '12345' })).toBe('That does not look like a phone number: it needs 6 to 20 digits.')
    expect(profileChangeProblem({ phone: '1'.repeat(21) })).toBe('That does not look like a phone number: it needs 6 to 20 digits.')
    expect(profileChangeProblem({ phone: '123456' })).toBeNull()
    for (const image of ['http://example.com/a.png', 'ftp://example.com/a.png', 'not a url', 'javascript:alert(1)']) {
      expect(profileChangeProblem({ profileImage: image })).toBe('The profile image must be an https:// web address.')
    }
  })
})
