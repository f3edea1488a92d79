import { describe, expect, it } from 'vitest'
import { classifyServiceMessage } from '../../../../src-main/core/api/classify'
import { normalizeServiceDate } from '../../../../src-main/core/api/normalize/dates'
import { toItem, toNewItem } from '../../../../src-main/core/api/normalize/item'
import { readQuota } from '../../../../src-main/core/api/normalize/quota'

describe('normalizeServiceDate', () => {
  it.each([
    ['/Date(1700000000000)/', '2023-11-14T22:13:20.000Z'],
    ['/Date(1700000000000+0530)/', '2023-11-14T22:13:20.000Z'],
    ['2023-11-15T03:43:20+05:30', '2023-11-14T22:13:20.000Z'],
    ['Nov 14 2023 10:13PM', '2023-11-14T22:13:00.000Z'],
    ['Jan  5 2024 12:07AM', '2024-01-05T00:07:00.000Z'],
    ['Jan 5 2024 12:07PM', '2024-01-05T12:07:00.000Z'],
    ['05 Mar 2025', '2025-03-05'],
    ['5 September 2025', '2025-09-05']
  ])('%s → %s', (input, expected) => {
    expect(normalizeServiceDate(input)).toBe(expected)
  })

  it.each(['', '   ', 'yesterday', 'Foo 12 2023 1:00PM', '31 Xyz 2020', 42, null, undefined])('%j → null', (input) => {
    expect(normalizeServiceDate(input)).toBeNull()
  })
})

describe('items', () => {
  it('turns string IDs into numbers and keeps unknown fields', () => {
    expect(toNewItem({ Result: 'OK', ID: '1234', URL: 'https://v/x' })).toEqual({ id: 1234, url: 'https://v/x' })
    const item = toItem({ ID: 7, Name: 'A', DocType: 'Document', IsStarred: true, Pages: 3, BrandNewField: { x: 1 } })
    expect(item).toMatchObject({ id: 7, name: 'A', docType: 'Document', isStarred: true, pages: 3, title: '', createdOn: null })
    expect(item.raw['BrandNewField']).toEqual({ x: 1 })
  })

  it('rejects a record without an ID', () => {
    expect(() => toItem({ Name: 'no id' })).toThrow()
    expect(() => toNewItem({ ID: 'abc', URL: 'x' })).toThrow()
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
    ["Your plan's item limit has been reached.", 'quota-full'],
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
