import { request as httpsRequest } from 'node:https'
import type { EmulatorOptionsInput } from '../../emulator'
import type { TestHostOptions } from '../../host/test-host'
import { makeTestCa, type TestCa } from '../../support/test-ca'
import { E2E_KEY, test as base } from '../fixtures'

/*
 * The emulator over TLS, with a throwaway CA the core trusts: thumbnails, skins and music then
 * come from https URLs, as from the real service, and the app's CSP (images and media from
 * https only) stays exactly as shipped. Chromium does not know the CA, so these tests ignore
 * certificate errors in the page; the core's client checks them for real.
 */
export const tlsTest = base.extend<
  { tlsEmulatorOptions: EmulatorOptionsInput; tlsHostOptions: TestHostOptions },
  { ca: TestCa }
>({
  ca: [
    // eslint-disable-next-line no-empty-pattern -- Playwright needs the destructuring.
    async ({}, use) => use(await makeTestCa(['127.0.0.1'])),
    { scope: 'worker' }
  ],
  /** The emulator's options beyond TLS (seed, limits…), for test.use(). */
  tlsEmulatorOptions: [{}, { option: true }],
  /** The test host's options beyond the trusted CA (drop folder…), for test.use(). */
  tlsHostOptions: [{}, { option: true }],
  emulatorOptions: async ({ ca, tlsEmulatorOptions }, use) => use({ ...tlsEmulatorOptions, tls: { key: ca.serverKey, cert: ca.serverCert } }),
  hostOptions: async ({ ca, tlsHostOptions }, use) =>
    use({ ...tlsHostOptions, core: { ...tlsHostOptions.core, trustedCertificates: [ca.caCert] } }),
  ignoreHTTPSErrors: true
})

/** GET over https trusting the test CA, without FlipDrop's client: the service's own answer or file. */
export function fetchOverTls(url: string, ca: TestCa, apiKey: string | null = E2E_KEY): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const request = httpsRequest(url, { ca: ca.caCert, headers: apiKey ? { 'X-Api-Key': apiKey } : {} }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => resolve(Buffer.concat(chunks)))
      response.on('error', reject)
    })
    request.on('error', reject)
    request.end()
  })
}
