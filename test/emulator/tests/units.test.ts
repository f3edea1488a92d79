import { describe, expect, it } from 'vitest'
import { countPages, largePdfChunks } from '../fixtures/make-pdf'
import { formatClockTime, formatDayMonYear, formatDotNetDate, formatIsoWithOffset, formatListCreatedOn } from '../formats'
import { PdfScanner } from '../pdf'
import { slugOf } from '../routes/items'
import { isPrivateAddress, judgeHost } from '../source/host-rules'

describe('date texts (§2.4–2.6)', () => {
  const ms = Date.UTC(2025, 0, 5, 9, 37, 4)
  it('formats the list CreatedOn, /Date()/, ISO with offset, DD Mon YYYY and the clock time', () => {
    expect(formatListCreatedOn(ms, 330)).toBe('Jan 05 2025 3:07PM')
    expect(formatListCreatedOn(Date.UTC(2025, 0, 5, 0, 5), 0)).toBe('Jan 05 2025 12:05AM')
    expect(formatListCreatedOn(Date.UTC(2025, 0, 5, 12, 5), 0)).toBe('Jan 05 2025 12:05PM')
    expect(formatDotNetDate(ms)).toBe(`/Date(${String(ms)})/`)
    expect(formatIsoWithOffset(ms, 330)).toBe('2025-01-05T15:07:04+05:30')
    expect(formatIsoWithOffset(ms, -420)).toBe('2025-01-05T02:37:04-07:00')
    expect(Date.parse(formatIsoWithOffset(ms, -420))).toBe(ms)
    expect(formatDayMonYear(ms, 330)).toBe('05 Jan 2025')
    expect(formatClockTime(ms, 330)).toBe('3:07 PM')
  })
})

describe('FileURL host rules (§4.3)', () => {
  it('knows private, loopback, link-local, CGNAT and IPv6 local addresses', () => {
    for (const ip of ['127.0.0.1', '10.0.0.1', '172.31.255.255', '192.168.0.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fe80::1', 'fd12::3', '::ffff:127.0.0.1', '[::1]']) {
      expect(isPrivateAddress(ip), ip).toBe(true)
    }
    for (const ip of ['8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:1.1.1.1']) expect(isPrivateAddress(ip), ip).toBe(false)
  })
  it('allows allow-listed hosts, refuses local names and block-listed hosts, resolves the rest', () => {
    const rules = { allow: ['127.0.0.1'], block: ['bad.example.com'] }
    expect(judgeHost('127.0.0.1', rules)).toBe('allowed')
    expect(judgeHost('localhost', rules)).toBe('refused')
    expect(judgeHost('a.localhost', rules)).toBe('refused')
    expect(judgeHost('BAD.example.com', rules)).toBe('refused')
    expect(judgeHost('intranet', rules)).toBe('refused')
    expect(judgeHost('1.1.1.1', rules)).toBe('allowed')
    expect(judgeHost('cdn.example.com', rules)).toBe('resolve-and-check')
  })
})

describe('PdfScanner', () => {
  it('finds the header and the page count however the bytes are split', async () => {
    const bytes = Buffer.concat([...largePdfChunks(20_000, 9)])
    for (const step of [1, 5, 63, 64, 65, 4096, 20_000]) {
      const scanner = new PdfScanner()
      scanner.on('data', () => undefined)
      for (let i = 0; i < bytes.length; i += step) scanner.write(bytes.subarray(i, i + step))
      scanner.end()
      await new Promise((resolve) => scanner.on('end', resolve))
      expect(scanner.scan, `step ${String(step)}`).toEqual({ size: 20_000, headerOk: true, maxCount: 9, pageObjects: 9 })
    }
  })
})

describe('find-by-url slug (§4.4)', () => {
  it('takes the last path segment of URLs and paths, or the bare slug', () => {
    expect(slugOf('https://app.example.com/view/my-book-x1')).toBe('my-book-x1')
    expect(slugOf('https://docs.example.com/my-book-x1/')).toBe('my-book-x1')
    expect(slugOf('https://docs.example.com/a/b/my-book-x1?x=1#p2')).toBe('my-book-x1')
    expect(slugOf('view/my-book-x1?ref=mail')).toBe('my-book-x1')
    expect(slugOf('  my-book-x1 ')).toBe('my-book-x1')
    expect(slugOf('caf%C3%A9')).toBe('café')
  })
})

describe('largePdfChunks fixture', () => {
  it('makes valid PDFs of exactly the size asked for', async () => {
    for (let size = 900; size < 1400; size++) expect(Buffer.concat([...largePdfChunks(size, 2)]).length).toBe(size)
    for (const size of [10_204, 99_999, 1_048_577]) {
      const bytes = Buffer.concat([...largePdfChunks(size, 4)])
      expect(bytes.length).toBe(size)
      expect(await countPages(bytes)).toBe(4)
    }
  })
})
