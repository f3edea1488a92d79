import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createApiClient } from '../../../../src-main/core/api/api-client'
import { exchange } from '../../../../src-main/core/api/http/exchange'
import { createNetwork } from '../../../../src-main/core/api/http/network'
import { RateLimiter } from '../../../../src-main/core/api/rate-limiter'
import { createLogger } from '../../../../src-main/core/log'
import { ServiceError } from '../../../../src-main/core/api/service-error'
import { writeLargePdf } from '../../../emulator/fixtures/make-pdf'
import { KEY, useApiFixture } from '../../../support/api-fixture'
import { startPdfSource } from '../../../support/pdf-source'

const fx = useApiFixture({ allowSourceHosts: ['127.0.0.1'], sourceTimeoutS: 1, maxFileMb: 10 })
let source: Awaited<ReturnType<typeof startPdfSource>>

beforeAll(async () => {
  source = await startPdfSource({ '/slow.pdf': 'hang' })
})
afterAll(() => source.close())
beforeEach(() => fx().emulator.faults.clear())

/** Runs `action` and returns the ServiceError it failed with. */
async function failure(action: () => Promise<unknown>): Promise<ServiceError> {
  try {
    await action()
  } catch (error) {
    if (error instanceof ServiceError) return error
    throw error
  }
  throw new Error('expected a ServiceError')
}

const flipbook = { name: 'x', title: 'x', docType: 'Flipbook' as const }

describe('the error taxonomy', () => {
  it('unauthorized: a 401 stops with a clear message, calls the 401 hook, and is never parsed', async () => {
    const { emulator } = fx()
    let hooked = 0
    const client = createApiClient({
      apiKey: 'revoked-key-123',
      baseUrl: emulator.baseUrl,
      limiter: new RateLimiter(),
      onUnauthorized: () => hooked++
    })
    const error = await failure(() => client.whoami())
    expect(error).toMatchObject({ kind: 'unauthorized', status: 401, delivery: 'answered' })
    expect(error.message).toContain('did not accept the API key')
    expect(hooked).toBe(1)
    await client.close()
  })

  it('too-large: refused before sending when the plan limit is known', async () => {
    const { client, dir, emulator } = fx()
    await client.whoami()
    const path = join(dir, 'big.pdf')
    await writeLargePdf(path, 11 * 1024 * 1024)
    const before = emulator.state.requests.length
    const error = await failure(() => client.createFromFile(path, flipbook))
    expect(error).toMatchObject({ kind: 'too-large', delivery: 'not-sent', limitBytes: 10 * 1024 * 1024 })
    expect(error.message).toBe('The file is larger than your plan allows (10 MB).')
    expect(emulator.state.requests.slice(before)).toEqual([])
  })

  it("too-large: the service's 413 is the final word when the client did not know the limit", async () => {
    const { newClient, dir } = fx()
    const path = join(dir, 'big2.pdf')
    await writeLargePdf(path, 11 * 1024 * 1024)
    const error = await failure(() => newClient().createFromFile(path, flipbook))
    expect(error.kind).toBe('too-large')
    expect(error.status).toBe(413)
  })

  it('not-found, invalid-pdf, host-not-allowed, source-timeout: the service messages, classified', async () => {
    const { client, dir } = fx()
    expect((await failure(() => client.getItem(999_999))).kind).toBe('not-found')
    const fake = join(dir, 'fake.pdf')
    await writeFile(fake, 'this is a text file with a .pdf name')
    expect(await failure(() => client.createFromFile(fake, flipbook))).toMatchObject({ kind: 'invalid-pdf', delivery: 'answered' })
    expect((await failure(() => client.createFromUrl('http://10.1.2.3/a.pdf', flipbook))).kind).toBe('host-not-allowed')
    const timeout = await failure(() => client.createFromUrl(source.url('/slow.pdf'), flipbook))
    expect(timeout.kind).toBe('source-timeout')
    expect(timeout.message).toContain('timed out after 1s')
  })

  it('quota-full: known from <Prefix>_Left === 0 and refused before sending, not read from a message', async () => {
    const { pdf } = fx()
    const path = await pdf('q.pdf')
    const tiny = await (await import('../../../emulator')).startEmulator({ keys: [KEY], maxItems: 1, log: () => {} })
    const client = createApiClient({ apiKey: KEY, baseUrl: tiny.baseUrl, limiter: new RateLimiter() })
    const first = await client.createFromFile(path, flipbook)
    expect(first.quota).toEqual({ docType: 'Flipbook', count: 1, max: 1, left: 0 })
    expect(client.quota('Flipbook')).toEqual(first.quota)
    const before = tiny.state.requests.length
    const error = await failure(() => client.createFromFile(path, flipbook))
    expect(error).toMatchObject({ kind: 'quota-full', delivery: 'not-sent' })
    // One flipbook is said in the singular.
    expect(error.message).toBe('Your plan allows 1 flipbook and none is left. Delete some or upgrade your plan to add more.')
    expect(tiny.state.requests.slice(before)).toEqual([])
    // A client that has not seen the quota yet gets the service's own words, unclassified.
    const fresh = createApiClient({ apiKey: KEY, baseUrl: tiny.baseUrl, limiter: new RateLimiter() })
    const answered = await failure(() => fresh.createFromUrl('https://example.com/a.pdf', flipbook))
    expect(answered).toMatchObject({ kind: 'service', delivery: 'answered' })
    // Reading the subscription teaches it, so the next create is refused before sending.
    await fresh.getSubscription('Flipbook')
    expect(await failure(() => fresh.createFromFile(path, flipbook))).toMatchObject({ kind: 'quota-full', delivery: 'not-sent' })
    await Promise.all([client.close(), fresh.close()])
    await tiny.close()
  })

  it('unknown-field: classified and logged loudly (the client itself only ever sends known fields)', async () => {
    const { emulator } = fx()
    const network = createNetwork()
    const lines: string[] = []
    const error = await failure(() =>
      exchange(
        {
          apiKey: KEY,
          network,
          limiter: new RateLimiter(),
          userAgent: 'test',
          requestTimeoutMs: 5000,
          retries: 0,
          retryBaseMs: 10,
          limitBytes: () => undefined,
          log: createLogger((level, line) => lines.push(`${level} ${line}`))
        },
        { origin: emulator.baseUrl, method: 'PUT', path: '/api/set-profile', form: { Nmae: 'typo' }, idempotent: false }
      )
    )
    expect(error.kind).toBe('unknown-field')
    expect(error.message).toContain('FlipDrop bug')
    expect(lines).toEqual([expect.stringMatching(/^error Client bug: PUT \/api\/set-profile .*Unknown field\(s\) 'Nmae'/)])
    await network.close()
  })

  it('rate-limited: a write refused with 429 reports when it may be sent again', async () => {
    const tiny = await (await import('../../../emulator')).startEmulator({
      keys: [KEY],
      rateLimit: { limit: 2, windowSeconds: 30 },
      log: () => {}
    })
    // A second app using the same key used up the window.
    const other = createApiClient({ apiKey: KEY, baseUrl: tiny.baseUrl, limiter: new RateLimiter(), retries: 0 })
    await other.whoami()
    await other.whoami()
    const client = createApiClient({ apiKey: KEY, baseUrl: tiny.baseUrl, limiter: new RateLimiter(), retries: 0 })
    const error = await failure(() => client.setProfile({ name: 'n' }))
    expect(error.kind).toBe('rate-limited')
    expect(error.retryAt).toBeGreaterThan(Date.now())
    // Writes are never sent again by themselves, so the message says when the user may.
    expect(error.message).toMatch(/^The service asked FlipDrop to slow down, so this was not done\. Try again after /)
    await Promise.all([client.close(), other.close()])
    await tiny.close()
  })

  it('rate-limited: a 429 without X-RateLimit-Reset waits for the next minute of the fixed window', async () => {
    const { emulator, newClient } = fx()
    // A proxy-style 429: no rate headers at all.
    emulator.faults.add({ route: '/api/set-profile', kind: 'status', status: 429 })
    const nextMinute = (): number => Math.floor(Date.now() / 60_000) * 60_000 + 60_000
    const earliest = nextMinute()
    const error = await failure(() => newClient().setProfile({ name: 'n' }))
    const latest = nextMinute()
    expect(error.kind).toBe('rate-limited')
    // The server's Date header has 1 s resolution, and the limiter errs on the late side.
    expect(error.retryAt).toBeGreaterThanOrEqual(earliest - 1_000)
    expect(error.retryAt).toBeLessThanOrEqual(latest + 2_500)
    expect(error.message).toContain('Try again after')
  })

  it('network: a closed port fails as not sent; a reset read is retried', async () => {
    const { emulator } = fx()
    const closed = createApiClient({ apiKey: KEY, baseUrl: 'http://127.0.0.1:9', limiter: new RateLimiter(), retries: 1, retryBaseMs: 5 })
    expect(await failure(() => closed.whoami())).toMatchObject({ kind: 'network', delivery: 'not-sent' })
    await closed.close()
    const { client } = fx()
    emulator.faults.add({ route: '/api/whoami', kind: 'reset-response', bytes: 0, count: 2 })
    await expect(client.whoami()).resolves.toMatchObject({ email: expect.any(String) })
  })

  it('network: a create whose answer was lost is "unknown", never retried by the client', async () => {
    const { emulator, client, pdf } = fx()
    const path = await pdf('lost.pdf')
    const before = (await client.listItems({ pageSize: 100 })).totalRecordCount
    emulator.faults.add({ route: '/api/create-by-file', kind: 'commit-then-drop' })
    const error = await failure(() => client.createFromFile(path, flipbook))
    expect(error).toMatchObject({ kind: 'network', delivery: 'unknown' })
    // It was created exactly once: the client did not send it again.
    expect((await client.listItems({ pageSize: 100 })).totalRecordCount).toBe((before ?? 0) + 1)
  })

  it('protocol: broken JSON on HTTP 200 is unreadable, and a read retries past it (an HTML page is a sign-in page: portal.test.ts)', async () => {
    const { emulator, newClient } = fx()
    const once = newClient({ retries: 0 })
    emulator.faults.add({ route: '/api/get-profile', kind: 'html' })
    expect(await failure(() => once.getProfile())).toMatchObject({ kind: 'portal', message: expect.stringContaining('sign-in page') })
    emulator.faults.add({ route: '/api/get-profile', kind: 'broken-json' })
    expect((await failure(() => once.getProfile())).kind).toBe('protocol')
    emulator.faults.add({ route: '/api/get-profile', kind: 'broken-json' })
    await expect(newClient().getProfile()).resolves.toMatchObject({ name: expect.any(String) })
  })

  it('service: a 5xx is retried for reads and reported for writes', async () => {
    const { emulator, client, newClient } = fx()
    emulator.faults.add({ route: '/api/list-currencies', kind: 'status', status: 503, count: 2 })
    await expect(client.listCurrencies()).resolves.not.toHaveLength(0)
    emulator.faults.add({ route: '/api/set-profile', kind: 'status', status: 502 })
    const error = await failure(() => newClient().setProfile({ name: 'n' }))
    expect(error).toMatchObject({ kind: 'service', status: 502 })
  })

  it('stalled: an upload the server stops reading fails after the stall time', async () => {
    const { emulator, newClient, dir } = fx()
    const path = join(dir, 'stall.pdf')
    await writeLargePdf(path, 9 * 1024 * 1024)
    emulator.faults.add({ route: '/api/create-by-file', kind: 'stall' })
    const started = Date.now()
    const error = await failure(() => newClient({ uploadStallMs: 400 }).createFromFile(path, flipbook))
    expect(error.kind).toBe('stalled')
    expect(Date.now() - started).toBeLessThan(5000)
  })

  it('cancelled: an upload stops when its signal aborts', async () => {
    const { emulator, client, dir } = fx()
    const path = join(dir, 'cancel.pdf')
    await writeLargePdf(path, 9 * 1024 * 1024)
    emulator.faults.add({ route: '/api/create-by-file', kind: 'stall' })
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 100)
    expect((await failure(() => client.createFromFile(path, flipbook, { signal: controller.signal }))).kind).toBe('cancelled')
  })

  it('document-host-missing: Document operations say to set the host', async () => {
    const { emulator, pdf } = fx()
    const client = createApiClient({ apiKey: KEY, baseUrl: emulator.baseUrl, limiter: new RateLimiter() })
    const error = await failure(() => client.createFromUrl('https://example.com/a.pdf', { ...flipbook, docType: 'Document' }))
    expect(error).toMatchObject({ kind: 'document-host-missing', delivery: 'not-sent' })
    expect(error.message).toContain('Settings')
    await expect(client.createFromFile(await pdf('d.pdf'), { ...flipbook, docType: 'Document' })).rejects.toMatchObject({
      kind: 'document-host-missing'
    })
    await client.close()
  })

  it('never puts the key in an error', async () => {
    const { emulator } = fx()
    const key = 'sk-live-SECRET-1234567890'
    const client = createApiClient({ apiKey: key, baseUrl: emulator.baseUrl, limiter: new RateLimiter() })
    const error = await failure(() => client.whoami())
    const dumped = JSON.stringify({ ...error, message: error.message, stack: error.stack, cause: String(error.cause) })
    expect(dumped).not.toContain(key)
    await client.close()
  })
})
