import { Agent, request } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeTestCa, type TestCa } from '../../support/test-ca'
import { startEmulator, type RunningEmulator } from '../emulator'
import { KEY } from './harness'

/** Error codes of a TLS handshake that found no trusted chain for the server certificate. */
const UNTRUSTED = /^(UNABLE_TO_VERIFY_LEAF_SIGNATURE|SELF_SIGNED_CERT_IN_CHAIN|DEPTH_ZERO_SELF_SIGNED_CERT|UNABLE_TO_GET_ISSUER_CERT_LOCALLY)$/

/** The TLS `code` of an error; undici may wrap it in one of its own (UND_ERR_*) as the cause. */
function codeOf(err: unknown): string {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 6; depth++) {
    const code = (e as Error & { code?: unknown }).code
    if (typeof code === 'string' && !code.startsWith('UND_ERR')) return code
    e = (e as Error & { cause?: unknown }).cause
  }
  return ''
}

describe('HTTPS emulator (tls option)', () => {
  let ca: TestCa
  let emu: RunningEmulator
  const agents: Agent[] = []
  const agent = (trusted?: string): Agent => {
    const a = new Agent(trusted === undefined ? {} : { connect: { ca: trusted } })
    agents.push(a)
    return a
  }
  const whoami = async (origin: string, dispatcher: Agent): Promise<{ status: number; body: Record<string, unknown> }> => {
    const res = await request(`${origin}/api/whoami`, { headers: { 'x-api-key': KEY }, dispatcher })
    return { status: res.statusCode, body: (await res.body.json()) as Record<string, unknown> }
  }

  beforeAll(async () => {
    ca = await makeTestCa()
    emu = await startEmulator({ keys: [KEY], tls: { key: ca.serverKey, cert: ca.serverCert }, seed: 3, log: () => undefined })
  })
  afterAll(async () => {
    await Promise.all(agents.map((a) => a.close()))
    await emu.close()
  })

  it('serves both hosts over https:// and is reachable when its CA is trusted', async () => {
    expect(emu.baseUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/)
    expect(emu.documentUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/)
    const trusting = agent(ca.caCert)
    for (const origin of [emu.baseUrl, emu.documentUrl]) {
      const { status, body } = await whoami(origin, trusting)
      expect(status).toBe(200)
      expect(body['Result']).toBe('OK')
    }
    // The certificate names localhost too (a DNS subjectAltName next to the IP one).
    const viaName = await whoami(emu.baseUrl.replace('127.0.0.1', 'localhost'), trusting)
    expect(viaName.body['Result']).toBe('OK')
  })

  it('is refused with a certificate error when the CA is not in the trusted list', async () => {
    const untrusted = await whoami(emu.baseUrl, agent()).then(
      () => 'connected',
      (err: unknown) => codeOf(err)
    )
    expect(untrusted).toMatch(UNTRUSTED)
    // Trusting some other CA is no better than trusting none.
    const other = await makeTestCa()
    const wrongCa = await whoami(emu.baseUrl, agent(other.caCert)).then(
      () => 'connected',
      (err: unknown) => codeOf(err)
    )
    expect(wrongCa).toMatch(UNTRUSTED)
  })

  it('answers with https:// URLs in its records', async () => {
    const res = await request(`${emu.baseUrl}/api/list`, { headers: { 'x-api-key': KEY }, dispatcher: agent(ca.caCert) })
    const rows = ((await res.body.json()) as { Items: Array<Record<string, unknown>> }).Items
    expect(rows.length).toBe(3)
    for (const row of rows) expect(String(row['FullURL'])).toMatch(/^https:\/\//)
    const state = await request(`${emu.baseUrl}/__emulator/state`, { dispatcher: agent(ca.caCert) })
    const snapshot = (await state.body.json()) as Record<string, unknown>
    expect(snapshot['baseUrl']).toBe(emu.baseUrl)
    // The private key never shows up in the admin snapshot.
    expect(JSON.stringify(snapshot)).not.toContain('PRIVATE KEY')
  })

  it('rejects a tls option without PEM texts', async () => {
    await expect(startEmulator({ tls: { key: 'not a key', cert: 'not a cert' }, log: () => undefined })).rejects.toThrow()
  })
})
