import { describe, expect, it } from 'vitest'
import { ThumbnailCache } from '../../../src-renderer/src/thumbnails/thumbnail-cache'

const image = (length: number) => ({ state: 'ready' as const, url: 'd'.repeat(length) })

describe('the thumbnail cache', () => {
  it('answers only for the same version (file size and pixel ratio)', () => {
    const cache = new ThumbnailCache(1000)
    cache.set('job', '100@2', image(10))
    expect(cache.get('job', '100@2')).toEqual(image(10))
    expect(cache.get('job', '100@1')).toBeUndefined()
    expect(cache.get('job', '120@2')).toBeUndefined()
  })

  it('keeps its bytes under the bound, dropping the least recently used first', () => {
    const cache = new ThumbnailCache(300)
    cache.set('a', 'v', image(100))
    cache.set('b', 'v', image(100))
    cache.set('c', 'v', image(100))
    // Reading a makes b the oldest.
    cache.get('a', 'v')
    cache.set('d', 'v', image(100))
    expect(cache.get('b', 'v')).toBeUndefined()
    expect(['a', 'c', 'd'].map((key) => cache.get(key, 'v') !== undefined)).toEqual([true, true, true])
    expect(cache.bytes).toBe(300)
  })

  it('keeps broken results cheaply, replaces an entry in place, frees on delete, and never keeps one over the bound', () => {
    const cache = new ThumbnailCache(200)
    cache.set('broken', 'v', { state: 'broken' })
    expect(cache.get('broken', 'v')).toEqual({ state: 'broken' })
    cache.set('job', 'v1', image(100))
    cache.set('job', 'v2', image(50))
    expect(cache.size).toBe(2)
    expect(cache.bytes).toBe(50 + 64)
    cache.delete('job')
    expect(cache.bytes).toBe(64)
    cache.set('huge', 'v', image(201))
    expect(cache.get('huge', 'v')).toBeUndefined()
    expect(cache.get('broken', 'v')).toEqual({ state: 'broken' })
  })
})
