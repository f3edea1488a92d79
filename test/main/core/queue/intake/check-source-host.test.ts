import { afterEach, describe, expect, it, vi } from 'vitest'
import { checkSourceHost } from '../../../../../src-main/core/queue/intake/check-source-host'

/** A lookup that answers every name with `addresses`. */
const answers = (...addresses: string[]) => vi.fn(async (_host: string) => addresses)

const SOURCE = 'https://files.example.com/a.pdf'

afterEach(() => {
  vi.useRealTimers()
})

describe('checkSourceHost', () => {
  it('accepts a name that resolves to public addresses', async () => {
    const lookup = answers('93.184.216.34', '2606:2800:220:1::1')
    expect(await checkSourceHost(SOURCE, lookup)).toEqual({ ok: true })
    expect(lookup).toHaveBeenCalledWith('files.example.com')
  })

  it('refuses a name that resolves to a private address, naming host and address', async () => {
    expect(await checkSourceHost(SOURCE, answers('10.0.0.5'))).toEqual({
      ok: false,
      reason:
        'files.example.com leads to 10.0.0.5, a private network address; the publishing service can only download PDFs from public web addresses.'
    })
  })

  it('refuses when any one of the addresses is private', async () => {
    const result = await checkSourceHost(SOURCE, answers('93.184.216.34', 'fd00::7'))
    expect(result).toMatchObject({ ok: false, reason: expect.stringContaining('fd00::7') as unknown })
  })

  it.each([
    ['::ffff:192.168.1.1', 'a private network address'],
    ['169.254.169.254', 'a link-local address'],
    ['100.64.0.1', 'a shared carrier address'],
    ['0.0.0.0', 'an unspecified address'],
    ['fe80::1%eth0', 'a link-local address']
  ])('refuses a name resolving to %s', async (address, words) => {
    const result = await checkSourceHost(SOURCE, answers(address))
    expect(result.ok ? '' : result.reason).toContain(words)
  })

  it('allows a name resolving to loopback, for local testing', async () => {
    expect(await checkSourceHost(SOURCE, answers('127.0.0.1'))).toEqual({ ok: true })
    expect(await checkSourceHost(SOURCE, answers('::1'))).toEqual({ ok: true })
  })

  it('leaves the decision to the service when the lookup fails', async () => {
    const offline = vi.fn(async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' })
    })
    expect(await checkSourceHost(SOURCE, offline)).toEqual({ ok: true })
  })

  it('gives up on a lookup that never answers', async () => {
    vi.useFakeTimers()
    const pending = checkSourceHost(SOURCE, () => new Promise<string[]>(() => undefined))
    await vi.advanceTimersByTimeAsync(5000)
    expect(await pending).toEqual({ ok: true })
  })

  it('returns the literal checks first, without resolving anything', async () => {
    const lookup = answers('93.184.216.34')
    expect(await checkSourceHost('https://10.1.2.3/a.pdf', lookup)).toMatchObject({ ok: false })
    expect(await checkSourceHost('https://printer.local/a.pdf', lookup)).toMatchObject({ ok: false })
    expect(await checkSourceHost('http://example.com/a.pdf', lookup)).toMatchObject({ ok: false })
    expect(await checkSourceHost('javascript:alert(1)', lookup)).toMatchObject({ ok: false })
    expect(await checkSourceHost('https://8.8.8.8/a.pdf', lookup)).toEqual({ ok: true })
    expect(await checkSourceHost('http://localhost:8080/a.pdf', lookup)).toEqual({ ok: true })
    expect(lookup).not.toHaveBeenCalled()
  })

  it('resolves with the system resolver by default', async () => {
    // localhost needs no lookup; a name under .invalid never resolves (RFC 6761), offline or not.
    expect(await checkSourceHost('http://localhost/a.pdf')).toEqual({ ok: true })
    expect(await checkSourceHost('https://no-such-host.invalid/a.pdf')).toEqual({ ok: true })
  })
})
