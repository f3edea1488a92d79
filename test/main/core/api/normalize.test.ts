import { describe, expect, it } from 'vitest'
import { classifyServiceMessage } from '../../../../src-main/core/api/classify'
import { isoOffsetMinutes, normalizeServiceDate, offsetFromPair, listDateAsUtc } from '../../../../src-main/core/api/normalize/dates'
import { ignoreGaps } from '../../../../src-main/core/api/normalize/fields'
import { toAccount, toSubscription } from '../../../../src-main/core/api/normalize/account'
import { toItemSummary, toNewItem, toServiceItem } from '../../../../src-main/core/api/normalize/item'
import { readQuota } from '../../../../src-main/core/api/normalize/quota'
import { createServerZone } from '../../../../src-main/core/api/server-zone'
import { CREDENTIAL_FIELDS, isCredential } from '../../../../src-shared/domain/service/item-details'

const read = () => ({ zone: createServerZone(), gaps: ignoreGaps })

describe('normalizeServiceDate', () => {
  it.each([
    ['/Date(1700000000000)/', '2023-11-14T22:13:20.000Z'],
    ['/Date(1700000000000+0530)/', '2023-11-14T22:13:20.000Z'],
    ['2023-11-15T03:43:20+05:30', '2023-11-14T22:13:20.000Z'],
    ['05 Mar 2025', '2025-03-05'],
    ['5 September 2025', '2025-09-05']
  ])('%s → %s', (input, expected) => {
    expect(normalizeServiceDate(input)).toBe(expected)
  })

  it.each([
    ['Nov 14 2023 10:13PM', 0, '2023-11-14T22:13:00.000Z'],
    ['Nov 15 2023 3:43AM', 330, '2023-11-14T22:13:00.000Z'],
    ['Jan  5 2024 12:07AM', -300, '2024-01-05T05:07:00.000Z'],
    ['Jan 5 2024 12:07PM', 60, '2024-01-05T11:07:00.000Z']
  ])('the list form %s at UTC%+d min → %s', (input, offset, expected) => {
    expect(normalizeServiceDate(input, offset)).toBe(expected)
  })

  it('leaves a list date unknown while the server zone is unknown, never read as UTC', () => {
    expect(normalizeServiceDate('Nov 14 2023 10:13PM')).toBeNull()
    expect(normalizeServiceDate('Nov 14 2023 10:13PM', null)).toBeNull()
  })

  it.each(['', '   ', 'yesterday', 'Foo 12 2023 1:00PM', '31 Xyz 2020', 42, null, undefined])('%j → null', (input) => {
    expect(normalizeServiceDate(input, 0)).toBeNull()
  })

  it('learns the zone from an ISO offset, or from a list text and the same instant', () => {
    expect(isoOffsetMinutes('2025-01-05T15:07:04+05:30')).toBe(330)
    expect(isoOffsetMinutes('2025-01-05T15:07:04-0800')).toBe(-480)
    expect(isoOffsetMinutes('2025-01-05T15:07:04Z')).toBe(0)
    expect(isoOffsetMinutes('2025-01-05T15:07:04')).toBeNull()
    // The list text drops the seconds: 15:07 local for an instant at 09:37:59 UTC is +05:30.
    const listUtc = listDateAsUtc('Jan 05 2025 3:07PM') ?? 0
    expect(offsetFromPair(listUtc, Date.UTC(2025, 0, 5, 9, 37, 59))).toBe(330)
    expect(offsetFromPair(listUtc, Date.UTC(2025, 0, 5, 20, 7, 0))).toBe(-300)
  })
})

describe('items', () => {
  it('turns string IDs into numbers; missing fields are null, not 0, false or blank', () => {
    expect(toNewItem({ Result: 'OK', ID: '1234', URL: 'https://v/x' })).toEqual({ id: 1234, url: 'https://v/x' })
    const item = toItemSummary({ ID: 7, Name: 'A', DocType: 'Document', IsStarred: true, Pages: 3, Title: '' }, read())
    expect(item).toMatchObject({ id: 7, name: 'A', docType: 'Document', isStarred: true, pages: 3, title: '' })
    expect(item).toMatchObject({ views: null, leads: null, isPublished: null, folder: null, createdOn: null, description: null })
  })

  it('rejects a record without an ID', () => {
    expect(() => toItemSummary({ Name: 'no id' }, read())).toThrow()
    expect(() => toNewItem({ ID: 'abc', URL: 'x' })).toThrow()
  })

  it('reads a list row with CreatedOnIso and learns the server zone from it', () => {
    const context = read()
    const row = toItemSummary({ ID: 1, CreatedOn: 'Jan 05 2025 3:07PM', CreatedOnIso: '2025-01-05T15:07:04+05:30' }, context)
    expect(row.createdOn).toBe('2025-01-05T09:37:04.000Z')
    expect(context.zone.offsetMinutes).toBe(330)
    // The next row without CreatedOnIso is read in the learned zone.
    expect(toItemSummary({ ID: 2, CreatedOn: 'Jan 05 2025 3:07PM' }, context).createdOn).toBe('2025-01-05T09:37:00.000Z')
  })

  it('reports each field it could not read', () => {
    const gaps: string[] = []
    toItemSummary({ ID: 3, Name: 'x', NoOfViews: 'many' }, { zone: createServerZone(), gaps: (where, field) => gaps.push(`${where}.${field}`) })
    expect(gaps).toContain('item.NoOfViews')
    expect(gaps).toContain('item.Title')
    expect(gaps).not.toContain('item.Name')
  })
})

describe('the account', () => {
  it('a missing MaxFileSizeMB is unknown (null), not 0, and is reported', () => {
    const gaps: string[] = []
    const account = toAccount({ UserID: 'u', Name: 'N', Email: 'e@x', Brand: 'B', AppURL: 'a', VendorID: 'v' }, (w, f) => gaps.push(`${w}.${f}`))
    expect(account.maxFileSizeMb).toBeNull()
    expect(gaps).toEqual(['whoami.MaxFileSizeMB'])
  })

  it('a subscription with unreadable values keeps them unknown', () => {
    const subscription = toSubscription({ Subscription: { MaxCNAME: 'Unlimited', MaxItems: '', IsLTD: 'maybe', AdvancedSharing: 'No' } }, ignoreGaps)
    expect(subscription).toMatchObject({
      maxCname: 'unlimited',
      maxItems: null,
      isLtd: null,
      advancedSharing: false,
      maxFileSizeBytes: null,
      maxFileSizeMb: null,
      plan: null
    })
  })
})

describe('item details', () => {
  it('groups the record and shows credentials only as set or not set', () => {
    const secrets = { Password: 'pw-9f1', SaleGatewayKey: 'gk-9f2', SaleGatewaySecret: 'gs-9f3', AIKey: 'ai-9f4', TwillioAPIKey: 'tw-9f5' }
    const record = { ID: 9, Name: 'Brochure', IsPasswordProtected: true, ...secrets, AIKey: '' }
    const { details } = toServiceItem(record, read())
    const json = JSON.stringify(details)
    for (const [field, value] of Object.entries(secrets)) expect(json, field).not.toContain(value)
    const credentials = details.groups.flatMap((group) => group.fields).filter(isCredential)
    expect(credentials.map((field) => field.key).sort()).toEqual([...CREDENTIAL_FIELDS].sort())
    expect(Object.fromEntries(credentials.map((field) => [field.key, field.credentialSet]))).toEqual({
      Password: true,
      SaleGatewayKey: true,
      SaleGatewaySecret: true,
      AIKey: false,
      TwillioAPIKey: true
    })
    expect(details.groups.map((group) => group.id)).toEqual([
      'identity', 'appearance', 'sharing', 'call-to-action', 'password', 'lead-capture', 'sale', 'approval', 'assistant'
    ])
  })
})

describe('quota', () => {
  it('reads the prefix of the kind', () => {
    const payload = { Flipbooks_Count: 3, Flipbooks_Max: 10, Flipbooks_Left: 7, Documents_Count: '1', Documents_Max: '5', Documents_Left: '4' }
    expect(readQuota(payload, 'Flipbook')).toEqual({ docType: 'Flipbook', count: 3, max: 10, left: 7 })
    expect(readQuota(payload, 'Document')).toEqual({ docType: 'Document', count: 1, max: 5, left: 4 })
    expect(readQuota({}, 'Flipbook')).toBeNull()
  })
})

describe('classifyServiceMessage', () => {
  it.each([
    ['Item not found', 'not-found'],
    ['File is not a valid PDF.', 'invalid-pdf'],
    ['FileURL host is not allowed.', 'host-not-allowed'],
    ['Source URL timed out after 60s', 'source-timeout'],
    ["Unknown field(s) 'Nmae'. Expected: Name, Phone, ProfileImage", 'unknown-field'],
    // The spec states no quota message: a full quota is known from <Prefix>_Left, not from words.
    ["Your plan's item limit has been reached.", 'service'],
    ['Custom URL already in use', 'service']
  ])('%s → %s', (message, kind) => {
    const error = classifyServiceMessage(message, 200)
    expect(error.kind).toBe(kind)
    expect(error.serviceMessage).toBe(message)
    expect(error.delivery).toBe('answered')
  })

  it('keeps the service words for other business errors', () => {
    expect(classifyServiceMessage('Custom URL already in use', 200).message).toBe('The service said: Custom URL already in use')
  })
})
