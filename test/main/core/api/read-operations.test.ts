import { describe, expect, it } from 'vitest'
import { createApiClient } from '../../../../src-main/core/api/api-client'
import { RateLimiter } from '../../../../src-main/core/api/rate-limiter'
import { KEY, useApiFixture } from '../../../support/api-fixture'
import { startRewritingProxy } from '../../../support/rewriting-proxy'

const fx = useApiFixture({ seed: 30 })

describe('reference lists', () => {
  it('lists templates, skins, currencies and music for both kinds', async () => {
    const { client } = fx()
    const [templates, docTemplates, skins, docSkins, currencies, music] = await Promise.all([
      client.listTemplates('Flipbook'),
      client.listTemplates('Document'),
      client.listSkins('Flipbook'),
      client.listSkins('Document'),
      client.listCurrencies(),
      client.listBackgroundMusic()
    ])
    expect(templates.length).toBeGreaterThan(0)
    expect(templates.some((t) => t.id === -1)).toBe(true)
    expect(docTemplates.length).toBeGreaterThan(0)
    expect(skins[0]).toEqual({ id: expect.any(Number), name: expect.any(String), imageUrl: expect.any(String), thumbUrl: expect.any(String) })
    expect(docSkins.length).toBeGreaterThan(0)
    expect(currencies.every((c) => typeof c.name === 'string' && c.name.length > 0)).toBe(true)
    expect(music.find((m) => m.name === 'None')).toEqual({ name: 'None', fileUrl: '' })
  })
})

describe('account', () => {
  it('whoami returns the account and teaches the client the upload limit', async () => {
    const { client, newClient } = fx()
    const fresh = newClient()
    expect(fresh.uploadLimitBytes).toBeUndefined()
    const account = await fresh.whoami()
    expect(account).toMatchObject({ userId: expect.any(String), email: expect.stringContaining('@'), maxFileSizeMb: 100 })
    expect(fresh.uploadLimitBytes).toBe(100 * 1024 * 1024)
    await expect(client.whoami()).resolves.toEqual(account)
  })

  it('normalizes the subscription: ISO dates, yes/no as booleans, quotas per host', async () => {
    const { client } = fx()
    const flipbooks = await client.getSubscription('Flipbook')
    expect(flipbooks.activeFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(flipbooks.nextInvoice).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(flipbooks.maxFileSizeBytes).toBe(100 * 1024 * 1024)
    expect(typeof flipbooks.advancedSharing).toBe('boolean')
    expect(flipbooks.quotas.Flipbook).toEqual({ docType: 'Flipbook', count: expect.any(Number), max: 100, left: expect.any(Number) })
    const documents = await client.getSubscription('Document')
    expect(documents.quotas.Document).toMatchObject({ docType: 'Document', max: 100 })
    expect(client.uploadLimitBytes).toBe(100 * 1024 * 1024)
  })

  it('lists payments with ISO dates', async () => {
    const { client } = fx()
    const payments = await client.listPayments()
    expect(payments.length).toBeGreaterThan(0)
    for (const payment of payments) {
      expect(payment.orderId?.startsWith('#')).toBe(true)
      expect(payment.date).toMatch(/^\d{4}-\d{2}-\d{2}T/)
      expect(typeof payment.itemCount).toBe('number')
    }
  })

  it('sets the profile, reads it back and reports what changed and what did not', async () => {
    const { client } = fx()
    const before = await client.getProfile()
    const changed = await client.setProfile({ name: 'Ada Designer', phone: '+44 20 7946 0000' })
    expect(changed.changed).toEqual(['name', 'phone'])
    expect(changed.unchanged).toEqual([])
    expect(changed.profile).toMatchObject({ name: 'Ada Designer', phone: '+44 20 7946 0000' })
    expect(changed.profile.profileImage).toBe(before.profileImage)
    // An empty value keeps the old one (§1 rule 4): the client says so instead of claiming success.
    const cleared = await client.setProfile({ phone: '' })
    expect(cleared).toMatchObject({ changed: [], unchanged: [] })
    expect(cleared.message).toContain('empty fields keep their values')
    expect(cleared.profile.phone).toBe('+44 20 7946 0000')
    // OK does not prove a change (§1 rule 3): an image that is not a URL is dropped silently.
    const refused = await client.setProfile({ name: 'Ada D.', profileImage: 'not a url' })
    expect(refused).toMatchObject({ changed: ['name'], unchanged: ['profileImage'] })
  })
})

describe('library reads', () => {
  it('lists a page with numbers as numbers and ISO dates, and no raw record', async () => {
    const { client } = fx()
    const page = await client.listItems({ pageSize: 10 })
    expect(page.items).toHaveLength(10)
    expect(page.totalRecordCount).toBeGreaterThanOrEqual(30)
    expect(page.capped).toBe(false)
    for (const item of page.items) {
      expect(typeof item.id).toBe('number')
      expect(item.createdOn).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
      expect(Object.keys(item)).not.toContain('raw')
    }
  })

  it('sorts, searches, filters by folder and reports capping', async () => {
    const { client } = fx()
    const byName = await client.listItems({ sortBy: 'Name', sortOrder: 'ASC', pageSize: 100 })
    const names = byName.items.map((item) => item.name ?? '')
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)))
    const byViews = await client.listItems({ sortBy: 'NoOfViews', sortOrder: 'DESC', pageSize: 100 })
    const views = byViews.items.map((item) => item.views ?? 0)
    expect(views).toEqual([...views].sort((a, b) => b - a))
    const folder = byName.items.find((item) => item.folder)?.folder ?? ''
    const inFolder = await client.listItems({ folder, pageSize: 100 })
    expect(inFolder.items.length).toBeGreaterThan(0)
    expect(inFolder.items.every((item) => item.folder === folder)).toBe(true)
    const word = byName.items[0]?.name?.split(' ')[0] ?? ''
    const found = await client.listItems({ search: word.toLowerCase(), pageSize: 100 })
    expect(found.items.every((item) => `${item.name} ${item.title}`.toLowerCase().includes(word.toLowerCase()))).toBe(true)
    const capped = await client.listItems({ pageSize: 1000 })
    expect(capped.capped).toBe(true)
  })

  it('gets one item and finds it by viewer URL and by bare slug, with the same ISO date', async () => {
    const { client } = fx()
    const row = (await client.listItems({ pageSize: 1 })).items[0]
    if (!row) throw new Error('seeded library is empty')
    const item = await client.getItem(row.id)
    expect(item.summary.id).toBe(row.id)
    expect(Object.keys(item.raw).length).toBeGreaterThan(150)
    const byUrl = await client.findByUrl(item.summary.fullUrl ?? '')
    const bySlug = await client.findByUrl(item.summary.customUrl ?? '')
    expect(byUrl.summary.id).toBe(item.summary.id)
    expect(bySlug.summary.id).toBe(item.summary.id)
    // find-by-url sends /Date(ms)/, list sends "Mon DD YYYY h:mmAM": one ISO value after normalizing.
    expect(byUrl.summary.createdOn?.slice(0, 16)).toBe(row.createdOn?.slice(0, 16))
  })
})

describe('list dates without CreatedOnIso', () => {
  it('agree with get: the server zone is learned from one item, never assumed to be UTC', async () => {
    const { emulator } = fx()
    // The emulator sends CreatedOnIso; the spec does not promise it. Take it away.
    const proxy = await startRewritingProxy(emulator.baseUrl, (path, body) => {
      if (path === '/api/list' && Array.isArray(body['Items'])) {
        body['Items'] = (body['Items'] as Record<string, unknown>[]).map(({ CreatedOnIso: _dropped, ...row }) => row)
      }
      return body
    })
    const client = createApiClient({ apiKey: KEY, baseUrl: proxy.url, limiter: new RateLimiter() })
    const page = await client.listItems({ pageSize: 20 })
    expect(page.items.length).toBe(20)
    for (const row of page.items.slice(0, 5)) {
      const item = await client.getItem(row.id)
      // The list text has minutes only; get has the exact instant.
      expect(row.createdOn, `item ${row.id}`).toBe(new Date(Math.floor(Date.parse(item.summary.createdOn ?? '') / 60_000) * 60_000).toISOString())
    }
    await client.close()
    await proxy.close()
  })
})
