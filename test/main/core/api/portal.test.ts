import { beforeEach, describe, expect, it } from 'vitest'
import { hashDownload } from '../../../../src-main/core/api/http/hash-download'
import { createNetwork } from '../../../../src-main/core/api/http/network'
import { ServiceError } from '../../../../src-main/core/api/service-error'
import { mayHaveCreated } from '../../../../src-main/core/queue/retry-policy'
import { useApiFixture } from '../../../support/api-fixture'

/*
 * Issue 27: a captive portal or a proxy's login page (every answer a web page, 200 or 302) is
 * "no usable connection", for every request: not an unreadable answer to retry and count.
 */

const fx = useApiFixture()
beforeEach(() => fx().emulator.faults.clear())

async function failure(action: () => Promise<unknown>): Promise<ServiceError> {
  try {
    await action()
  } catch (error) {
    if (error instanceof ServiceError) return error
    throw error
  }
  throw new Error('expected a ServiceError')
}

const portalHits = (path: string): number => fx().emulator.state.requests.filter((entry) => entry.path === path && entry.fault === 'portal').length
const flipbook = { name: 'portal', title: 'portal', docType: 'Flipbook' as const }

describe('a sign-in page in the way', () => {
  it('a read answered with a login page on HTTP 200 is "portal", said as such, and not retried at once', async () => {
    const { emulator, newClient } = fx()
    emulator.faults.add({ route: '*', kind: 'portal', count: 'always' })
    const reach: [boolean, string | undefined][] = []
    const client = newClient({ retries: 3, onReachable: (reachable, why) => reach.push([reachable, why]) })
    const before = portalHits('/api/get-profile')
    const error = await failure(() => client.getProfile())
    expect(error.kind).toBe('portal')
    expect(error.message).toContain('sign-in page')
    // Retrying a login page in a second changes nothing: the queue waits for it instead.
    expect(portalHits('/api/get-profile') - before).toBe(1)
    // Every feature's requests tell the one status that a sign-in page is in the way.
    expect(reach).toEqual([[false, 'portal']])
  })

  it('a 302 to another origin (a login page elsewhere) is "portal"; so is 511 Network Authentication Required', async () => {
    const { emulator, newClient } = fx()
    const client = newClient({ retries: 0 })
    emulator.faults.add({ route: '/api/whoami', kind: 'portal', status: 302 })
    expect((await failure(() => client.whoami())).kind).toBe('portal')
    emulator.faults.add({ route: '/api/whoami', kind: 'status', status: 511 })
    expect((await failure(() => client.whoami())).kind).toBe('portal')
  })

  it('broken JSON is still an unreadable answer of the service, not a portal', async () => {
    const { emulator, newClient } = fx()
    emulator.faults.add({ route: '/api/get-profile', kind: 'broken-json' })
    expect((await failure(() => newClient({ retries: 0 }).getProfile())).kind).toBe('protocol')
  })

  it('a create answered by a login page may have gone through a proxy: it is in doubt, never "not sent"', async () => {
    const { emulator, newClient, pdf } = fx()
    emulator.faults.add({ route: '/api/create-by-file', kind: 'portal', commit: true })
    const error = await failure(async () => newClient().createFromFile(await pdf('portal-create.pdf'), flipbook))
    expect(error).toMatchObject({ kind: 'portal', delivery: 'unknown' })
    expect(mayHaveCreated(error)).toBe(true)
  })

  it('a stored PDF fetched for a lookup through the portal is "portal", never a PDF with other bytes', async () => {
    const { emulator, client, pdf } = fx()
    const created = await client.createFromFile(await pdf('stored.pdf'), flipbook)
    const url = await client.getPdfUrl(created.id)
    emulator.faults.add({ route: '*', kind: 'portal', count: 'always' })
    const network = createNetwork()
    try {
      const error = await failure(() => hashDownload(url, { network, signal: new AbortController().signal, maxBytes: 10_000_000 }))
      expect(error.kind).toBe('portal')
    } finally {
      await network.close()
    }
  })
})
