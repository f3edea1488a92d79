import { afterAll, describe, expect, it } from 'vitest'
import { formatBytes, formatSpeed } from '../../../src-renderer/src/format/bytes'
import { groupedCount } from '../../../src-renderer/src/format/count'
import { formatAgo, formatCount, formatDate } from '../../../src-renderer/src/format/dates'
import { formatDuration } from '../../../src-renderer/src/format/duration'
import { formatList } from '../../../src-renderer/src/format/list'
import { planLimit, yesNo } from '../../../src-renderer/src/format/plan-values'
import { orUnknown } from '../../../src-renderer/src/format/unknown'
import { speak } from '../../../src-renderer/src/i18n/i18n'

/*
 * Numbers, sizes, dates, durations and the shared words follow the window's language: what
 * speak() chose, with no locale passed. German groups with a dot, Japanese has no plural
 * and writes its units as characters, Arabic writes right to left with its own words.
 */

const NOW = Date.parse('2026-11-28T12:00:00Z')
const minutesAgo = (minutes: number): string => new Date(NOW - minutes * 60_000).toISOString()

afterAll(() => speak('en'))

describe('in German', () => {
  it('sizes, counts and durations', async () => {
    await speak('de')
    expect(formatBytes(5.2 * 1024 * 1024)).toBe('5,2 MB')
    expect(formatBytes(820)).toBe('820 Byte')
    expect(formatSpeed(1.25 * 1024 * 1024)).toBe('1,3 MB/s')
    expect(groupedCount(6854)).toBe('6.854')
    expect(formatCount(null)).toBe('unbekannt')
    expect(formatDuration(3900)).toBe('1 Std. 5 Min.')
    expect(formatDuration(12)).toBe('12 s')
  })

  it('dates, times ago, lists and plan values', async () => {
    await speak('de')
    expect(formatDate('2026-11-23')).toBe('23.11.2026')
    expect(formatAgo(minutesAgo(0.2), NOW)).toBe('gerade eben')
    expect(formatAgo(minutesAgo(5), NOW)).toBe('vor 5 Minuten')
    expect(formatAgo(minutesAgo(24 * 60), NOW)).toBe('gestern')
    expect(formatList(['Menü', 'Katalog', 'Preise'])).toBe('Menü, Katalog und Preise')
    expect(yesNo(true)).toBe('Ja')
    expect(planLimit('unlimited')).toBe('Unbegrenzt')
    expect(planLimit(10000)).toBe('10.000')
    expect(orUnknown(undefined)).toBe('unbekannt')
  })
})

describe('in Japanese', () => {
  it('sizes, counts, durations, dates and words', async () => {
    await speak('ja')
    expect(formatBytes(1536)).toBe('1.5 KB')
    expect(groupedCount(6854)).toBe('6,854')
    expect(formatDuration(3900)).toBe('1時間5分')
    expect(formatSpeed(2 * 1024 * 1024)).toBe('2.0 MB/秒')
    expect(formatDate('2026-11-23')).toBe('2026/11/23')
    expect(formatAgo(minutesAgo(0.2), NOW)).toBe('たった今')
    expect(formatAgo(minutesAgo(5), NOW)).toBe('5 分前')
    expect(formatList(['メニュー', 'カタログ'])).toBe('メニュー、カタログ')
    expect(yesNo(false)).toBe('いいえ')
    expect(formatCount(null)).toBe('不明')
  })
})

describe('in Arabic', () => {
  it('speaks right to left', async () => {
    await speak('ar')
    expect(document.documentElement.dir).toBe('rtl')
    expect(document.documentElement.lang).toBe('ar')
  })

  it('sizes, durations, times ago, lists and words', async () => {
    await speak('ar')
    expect(formatBytes(1)).toBe(new Intl.NumberFormat('ar', { style: 'unit', unit: 'byte', unitDisplay: 'long' }).format(1))
    expect(formatBytes(820)).toMatch(/بايت/)
    expect(formatDuration(3900)).toBe(`${groupedCount(1)} س و${groupedCount(5)} د`)
    expect(formatAgo(minutesAgo(0.2), NOW)).toBe('الآن')
    expect(formatAgo(minutesAgo(24 * 60), NOW)).toBe('أمس')
    expect(formatList(['أ', 'ب', 'ج'])).toBe('أ وب وج')
    expect(yesNo(true)).toBe('نعم')
    expect(planLimit('unlimited')).toBe('غير محدود')
    expect(formatCount(null)).toBe('غير معروف')
  })
})
