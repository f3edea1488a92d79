import { describe, expect, it } from 'vitest'
import { formatBytes, formatSpeed } from '../../src-renderer/src/format/bytes'
import { formatDuration } from '../../src-renderer/src/format/duration'

describe('formatBytes', () => {
  it('uses the service MB (1,048,576 bytes) with one decimal below 10', () => {
    expect(formatBytes(0, 'en-US')).toBe('0 bytes')
    expect(formatBytes(1, 'en-US')).toBe('1 byte')
    expect(formatBytes(820, 'en-US')).toBe('820 bytes')
    expect(formatBytes(1536, 'en-US')).toBe('1.5 kB')
    expect(formatBytes(5.2 * 1024 * 1024, 'en-US')).toBe('5.2 MB')
    expect(formatBytes(212 * 1024 * 1024, 'en-US')).toBe('212 MB')
    expect(formatBytes(3 * 1024 ** 3, 'en-US')).toBe('3.0 GB')
  })

  it('follows the locale and refuses nonsense', () => {
    expect(formatBytes(5.2 * 1024 * 1024, 'de-DE')).toBe('5,2 MB')
    expect(formatBytes(-1)).toBe('?')
    expect(formatBytes(Number.NaN)).toBe('?')
    expect(formatSpeed(1.25 * 1024 * 1024, 'en-US')).toBe('1.3 MB/s')
  })
})

describe('formatDuration', () => {
  it('rounds to what people read', () => {
    expect(formatDuration(0.4)).toBe('0 s')
    expect(formatDuration(12.4)).toBe('12 s')
    expect(formatDuration(61)).toBe('1 min')
    expect(formatDuration(4 * 60 + 20)).toBe('4 min')
    expect(formatDuration(3600)).toBe('1 h')
    expect(formatDuration(3900)).toBe('1 h 5 min')
  })
})
