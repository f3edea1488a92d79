import { describe, expect, it } from 'vitest'
import { DATE_PATTERNS } from '../formats'
import { apiJson, multipart, rows, useEmulator } from './harness'

describe('account (§4.2, §2.2–2.5)', () => {
  const emu = useEmulator({ maxFileMb: 250, maxItems: { flipbooks: 40, documents: 15 } })

  it('whoami gives the account and MaxFileSizeMB of the plan', async () => {
    const body = await apiJson(emu(), 'GET', '/api/whoami')
    expect(body).toEqual({
      Result: 'OK',
      UserID: expect.any(String) as string,
      VendorID: expect.any(String) as string,
      Name: expect.any(String) as string,
      Email: expect.stringContaining('@') as string,
      Brand: expect.any(String) as string,
      AppURL: new URL(emu().baseUrl).host,
      MaxFileSizeMB: 250
    })
  })

  it('set-profile changes only the fields given; empty values keep the old ones (§1 rule 4)', async () => {
    const before = await apiJson(emu(), 'GET', '/api/get-profile')
    expect(Object.keys(before).sort()).toEqual(['Name', 'Phone', 'ProfileImage', 'Result'])
    const ok = await apiJson(emu(), 'PUT', '/api/set-profile', { form: { Phone: '+44 20 7946 0000', Name: '' } })
    expect(ok).toEqual({ Result: 'OK', Message: 'Profile updated successfully.' })
    const after = await apiJson(emu(), 'GET', '/api/get-profile')
    expect(after).toMatchObject({ Name: before['Name'], Phone: '+44 20 7946 0000', ProfileImage: before['ProfileImage'] })
    await apiJson(emu(), 'PUT', '/api/set-profile', { form: { Name: 'Dana W.' } })
    expect(await apiJson(emu(), 'GET', '/api/get-profile')).toMatchObject({ Name: 'Dana W.', Phone: '+44 20 7946 0000' })
    expect((await apiJson(emu(), 'GET', '/api/whoami'))['Name']).toBe('Dana W.')
  })

  it('set-profile accepts multipart form bodies', async () => {
    const { body, contentType } = multipart({ ProfileImage: 'https://cdn.example.com/me.png' })
    expect((await apiJson(emu(), 'PUT', '/api/set-profile', { headers: { 'content-type': contentType }, body }))['Result']).toBe('OK')
    expect((await apiJson(emu(), 'GET', '/api/get-profile'))['ProfileImage']).toBe('https://cdn.example.com/me.png')
  })

  it('set-profile needs at least one field and refuses unknown ones', async () => {
    expect((await apiJson(emu(), 'PUT', '/api/set-profile', { form: {} }))['Result']).toBe('ERROR')
    expect((await apiJson(emu(), 'PUT', '/api/set-profile', { form: { Name: '', Phone: '  ' } }))['Result']).toBe('ERROR')
    expect(await apiJson(emu(), 'PUT', '/api/set-profile', { form: { Name: 'x', Mobile: '1', Avatar: 'y' } })).toEqual({
      Result: 'ERROR',
      Message: "Unknown field(s) 'Mobile, Avatar'. Expected: Name, Phone, ProfileImage"
    })
  })

  it('OK does not prove a change (§1 rule 3): an unusable ProfileImage or Phone is dropped silently', async () => {
    const before = await apiJson(emu(), 'GET', '/api/get-profile')
    const ok = await apiJson(emu(), 'PUT', '/api/set-profile', { form: { ProfileImage: 'not a url', Phone: 'call me maybe' } })
    expect(ok['Result']).toBe('OK')
    expect(await apiJson(emu(), 'GET', '/api/get-profile')).toEqual(before)
  })

  it('get-subscription-details: types, formats, size consistent with the plan, the host quota', async () => {
    const s = (await apiJson(emu(), 'GET', '/api/get-subscription-details'))['Subscription'] as Record<string, unknown>
    expect(s).toMatchObject({
      SubscriptionID: expect.stringMatching(/^#/) as string,
      ActiveFrom: expect.stringMatching(DATE_PATTERNS.dayMonYear) as string,
      NextInvoice: expect.stringMatching(DATE_PATTERNS.dayMonYear) as string,
      Status: 'Active',
      MaxFileSizeBytes: 250 * 1024 * 1024,
      MaxFileSize: '250',
      MaxItems: '40',
      Flipbooks_Count: 0,
      Flipbooks_Max: 40,
      Flipbooks_Left: 40
    })
    for (const f of ['AdvancedSharing', 'LeadEmailVerification', 'IsLTD']) expect(s[f]).toMatch(/^(Yes|No)$/)
    const d = (await apiJson(emu(), 'GET', '/api/get-subscription-details', { host: 'document' }))['Subscription'] as Record<string, unknown>
    expect(d).toMatchObject({ MaxItems: '15', Documents_Count: 0, Documents_Max: 15, Documents_Left: 15 })
    expect(d['Flipbooks_Max']).toBeUndefined()
  })

  it('list-payments rows have the documented types and formats', async () => {
    const items = rows(await apiJson(emu(), 'GET', '/api/list-payments'))
    expect(items.length).toBeGreaterThan(0)
    for (const p of items) {
      expect(p).toEqual({
        OrderID: expect.stringMatching(/^#/) as string,
        Amount: expect.stringMatching(/^[A-Z]{3} \d+\.\d{2}$/) as string,
        Plan: expect.any(String) as string,
        Date: expect.stringMatching(DATE_PATTERNS.dayMonYear) as string,
        DateIso: expect.stringMatching(DATE_PATTERNS.isoWithOffset) as string,
        InvoiceURL: expect.any(String) as string,
        ItemCount: expect.any(Number) as number
      })
    }
  })

  it('reference lists: templates by DocType (0/1), skins by Type (false/true), currencies, music with None', async () => {
    const flipTemplates = rows(await apiJson(emu(), 'GET', '/api/list-templates'))
    const docTemplates = rows(await apiJson(emu(), 'GET', '/api/list-templates?DocType=1'))
    expect(flipTemplates[0]).toEqual({ ID: -1, Name: expect.any(String) as string })
    expect(docTemplates).not.toEqual(flipTemplates)
    expect(rows(await apiJson(emu(), 'GET', '/api/list-templates?DocType=0'))).toEqual(flipTemplates)
    const flipSkins = rows(await apiJson(emu(), 'GET', '/api/list-skins?Type=false'))
    const docSkins = rows(await apiJson(emu(), 'GET', '/api/list-skins?Type=true'))
    expect(flipSkins).not.toEqual(docSkins)
    for (const s of [...flipSkins, ...docSkins]) {
      expect(s).toEqual({ ID: expect.any(Number) as number, Name: expect.any(String) as string, ImageURL: expect.stringMatching(/^http/) as string, ThumbURL: expect.stringMatching(/^http/) as string })
      expect((await fetch(s['ThumbURL'] as string)).headers.get('content-type')).toBe('image/png')
    }
    expect(flipSkins.some((s) => s['ID'] === -1)).toBe(true)
    expect(rows(await apiJson(emu(), 'GET', '/api/list-currencies')).map((c) => c['Name'])).toContain('USD')
    const music = rows(await apiJson(emu(), 'GET', '/api/list-background-music'))
    expect(music[0]).toEqual({ Name: 'None', FileURL: '' })
    expect(music.slice(1).every((m) => String(m['FileURL']).startsWith('http'))).toBe(true)
  })
})
