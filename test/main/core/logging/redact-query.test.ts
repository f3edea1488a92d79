import { describe, expect, it } from 'vitest'
import { REDACTED, redactText } from '../../../../src-main/core/logging/redact'

/** Query parameters that carry a credential in signed or tokenised links (S3, Azure, OAuth). */
const CASES: ReadonlyArray<readonly [string, string]> = [
  ['access_token', 'ya29.a0AfH6SMBx'],
  ['X-Amz-Signature', '5d672d79c15b13162d9279b0855cfba6789a8edb4c82c400e06b5924a6f2b5d7'],
  ['X-Amz-Credential', 'AKIAIOSFODNN7EXAMPLE%2F20261127%2Fus-east-1%2Fs3%2Faws4_request'],
  ['Signature', 'nJrKg0bXyZ%2Bq%3D'],
  ['sig', 'Zm9vYmFyYmF6cXV4'],
  ['key', 'AIzaSyD-secretvalue'],
  ['token', 'tok_51HkQ2e'],
  ['X-Amz-Security-Token', 'FwoGZXIvYXdzEBYaDsession']
]

describe('redacting credentials in the query string of an address', () => {
  for (const [name, value] of CASES) {
    it(`hides ${name} wherever the address sits in the line, in any letter case`, () => {
      for (const spelled of [name, name.toLowerCase(), name.toUpperCase()]) {
        const line = `Downloading https://bucket.example.com/a/b.pdf?X-Amz-Date=20261127T120000Z&${spelled}=${value}&page=2#top failed (timeout)`
        const out = redactText(line)
        expect(out).not.toContain(value)
        expect(out).toContain(`${spelled}=${REDACTED}`)
        // What is not a credential stays readable for support.
        expect(out).toContain('X-Amz-Date=20261127T120000Z')
        expect(out).toContain('&page=2#top failed (timeout)')
        expect(out.startsWith('Downloading https://bucket.example.com/a/b.pdf?')).toBe(true)
      }
    })
  }

  it('hides the first parameter too, and one inside quotes or JSON', () => {
    const out = redactText(`{"url":"https://x.example/f.pdf?sig=abc123&se=2026"} 'http://y.example/?access_token=zzz9'`)
    expect(out).not.toContain('abc123')
    expect(out).not.toContain('zzz9')
    expect(out).toContain('se=2026')
    expect(out).toContain(`"}`)
  })

  it('leaves look-alike names alone', () => {
    const line = 'https://x.example/f.pdf?keyword=spring&design=blue&monkey=3&signal=ok'
    expect(redactText(line)).toBe(line)
  })
})
