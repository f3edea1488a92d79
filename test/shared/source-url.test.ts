import { describe, expect, it } from 'vitest'
import { blockedHostReason, checkSourceUrl, MAX_SOURCE_URL_LENGTH } from '../../src-shared/domain/source-url'

describe('checkSourceUrl', () => {
  it.each([
    ['https://example.com/a.pdf', 'https://example.com/a.pdf'],
    ['  https://Example.COM/My File.pdf  ', 'https://example.com/My%20File.pdf'],
    ['http://127.0.0.1:8080/a.pdf', 'http://127.0.0.1:8080/a.pdf'],
    ['http://127.9.9.9/a.pdf', 'http://127.9.9.9/a.pdf'],
    ['http://localhost:3000/a.pdf', 'http://localhost:3000/a.pdf'],
    ['http://[::1]:8080/a.pdf', 'http://[::1]:8080/a.pdf'],
    ['https://localhost./a.pdf', 'https://localhost./a.pdf'],
    ['https://8.8.8.8/a.pdf', 'https://8.8.8.8/a.pdf'],
    ['https://[2606:4700::1111]/a.pdf', 'https://[2606:4700::1111]/a.pdf'],
    ['https://cdn.example.co.uk./x.pdf', 'https://cdn.example.co.uk./x.pdf']
  ])('accepts %j as %j', (input, url) => {
    expect(checkSourceUrl(input)).toEqual({ ok: true, url })
  })

  it.each([
    ['http://example.com/a.pdf', 'scheme', 'Only secure links (https://)'],
    ['http://10.0.0.1/a.pdf', 'scheme', 'Only secure links (https://)'],
    ['javascript:alert(1)', 'scheme', 'javascript:'],
    ['file:///etc/passwd', 'scheme', 'file:'],
    ['data:application/pdf;base64,JVBERi0=', 'scheme', 'data:'],
    ['ftp://example.com/a.pdf', 'scheme', 'ftp:'],
    ['https://user:pw@example.com/a.pdf', 'credentials', 'user name or password'],
    ['https://user@example.com/a.pdf', 'credentials', 'user name or password'],
    ['https://10.1.2.3/a.pdf', 'private-host', '10.1.2.3 is a private network address'],
    ['https://192.168.0.10/', 'private-host', '192.168.0.10 is a private network address'],
    ['https://169.254.169.254/latest/meta-data', 'private-host', '169.254.169.254 is a link-local address'],
    ['https://[fd00::1]/', 'private-host', '[fd00::1] is a private network address'],
    ['https://[::ffff:192.168.1.1]/', 'private-host', 'private network address'],
    ['https://printer.local/', 'private-host', 'printer.local is a name that only works inside a local network'],
    ['https://intranet/', 'private-host', 'intranet is a name that only works inside a local network'],
    ['https://intranet./', 'private-host', 'local network'],
    ['https://files.corp.internal/a.pdf', 'private-host', 'local network'],
    ['https://nas.home.arpa/a.pdf', 'private-host', 'local network'],
    ['https://app.localhost/a.pdf', 'private-host', 'local network'],
    ['https://100.64.0.1/', 'private-host', '100.64.0.1 is a shared carrier address'],
    ['https://0.0.0.0/', 'private-host', 'unspecified address'],
    ['https://224.0.0.1/', 'private-host', 'multicast address'],
    // The URL parser turns other spellings of an IPv4 address into the dotted form first.
    ['https://0xa000001/', 'private-host', '10.0.0.1 is a private network address'],
    ['https://3232235521/', 'private-host', '192.168.0.1 is a private network address'],
    ['not a url', 'invalid', 'not a valid web address'],
    ['https://', 'invalid', 'not a valid web address'],
    ['https://exa mple.com/', 'invalid', 'not a valid web address'],
    ['', 'invalid', 'empty'],
    ['   ', 'invalid', 'empty'],
    [42, 'invalid', 'empty'],
    [null, 'invalid', 'empty'],
    [`https://example.com/${'a'.repeat(MAX_SOURCE_URL_LENGTH)}`, 'invalid', 'too long']
  ])('refuses %j as %s', (input, code, reason) => {
    const result = checkSourceUrl(input)
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.code).toBe(code)
    expect(result.reason).toContain(reason)
  })

  it('refuses an address that only grows too long once percent-encoded', () => {
    const spaces = ' '.repeat(700)
    const result = checkSourceUrl(`https://example.com/${spaces}x`)
    expect(result).toMatchObject({ ok: false, code: 'invalid' })
  })

  it('ends every private-host reason with what to do instead', () => {
    const result = checkSourceUrl('https://printer.local/')
    expect(result.ok ? '' : result.reason).toMatch(/only download PDFs from public web addresses\.$/)
  })
})

describe('blockedHostReason', () => {
  it('names the address a host name led to', () => {
    expect(blockedHostReason('files.example.com', 'private', '10.0.0.5')).toBe(
      'files.example.com leads to 10.0.0.5, a private network address; the publishing service can only download PDFs from public web addresses.'
    )
  })
})
