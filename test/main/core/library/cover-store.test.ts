import { mkdtemp, readdir, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { CoverStore } from '../../../../src-main/core/library/cover-store'
import { coverTypeOf } from '../../../../src-main/core/library/cover-type'
import { LibraryStore } from '../../../../src-main/core/library/library-store'
import type { Logger } from '../../../../src-main/core/log'
import type { LibraryItem } from '../../../../src-shared/domain/library'

const log: Logger = { info: () => {}, warn: () => {}, error: () => {} }
const bytes = (size: number, fill: number): Uint8Array => new Uint8Array(size).fill(fill)

async function freshDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'flipdrop-cover-store-'))
}

/** Waits for the background removals a store makes after a write. */
async function filesIn(dir: string, expected: number): Promise<string[]> {
  for (let tries = 0; tries < 50; tries++) {
    const names = await readdir(dir)
    if (names.length === expected) return names.sort()
    await sleep(10)
  }
  return (await readdir(dir)).sort()
}

describe('CoverStore', () => {
  it('finds a service cover by the URL it came from, prefers a drawing, and keeps one file of each', async () => {
    const dir = await freshDir()
    const store = await CoverStore.open(dir, log)
    await store.keep('Flipbook:7', 'service', bytes(10, 1), 'https://cdn.example/thumbs/7.png')
    expect(store.find('Flipbook:7', 'https://cdn.example/thumbs/7.png')).toMatch(/^Flipbook-7\.s-/)
    // Another thumbnail URL (the service made a new one): not the old picture.
    expect(store.find('Flipbook:7', 'https://cdn.example/thumbs/7-v2.png')).toBeNull()

    await store.keep('Flipbook:7', 'render', bytes(20, 2))
    const drawn = store.find('Flipbook:7', 'https://cdn.example/thumbs/7.png')
    expect(drawn).toMatch(/^Flipbook-7\.r-/)
    expect([...((await store.read(drawn ?? '')) ?? [])]).toEqual([...bytes(20, 2)])
    // The drawing replaced the service's file; a second drawing replaces the first.
    await store.keep('Flipbook:7', 'render', bytes(30, 3))
    expect(await filesIn(dir, 1)).toHaveLength(1)
    expect(store.bytes).toBe(30)

    // Read back from the folder alone, as after a restart.
    const again = await CoverStore.open(dir, log)
    expect(again.find('Flipbook:7', null)).toBe(store.find('Flipbook:7', null))
    again.drop(['Flipbook:7'])
    expect(again.find('Flipbook:7', null)).toBeNull()
    expect(await filesIn(dir, 0)).toEqual([])
  })

  it('stays under its bound by removing the covers written longest ago, and clears half-written files when opened', async () => {
    const dir = await freshDir()
    await writeFile(join(dir, 'Flipbook-1.s-abc.1234.tmp'), 'cut short')
    await writeFile(join(dir, 'notes.txt'), 'not ours')
    const store = await CoverStore.open(dir, log, 1_000)
    expect(await readdir(dir)).toEqual(['notes.txt'])
    for (let id = 1; id <= 6; id++) {
      await store.keep(`Document:${id}`, 'service', bytes(300, id), `https://cdn.example/${id}.png`)
      await sleep(5)
    }
    expect(store.bytes).toBeLessThanOrEqual(1_000)
    expect(store.find('Document:1', 'https://cdn.example/1.png')).toBeNull()
    expect(store.find('Document:6', 'https://cdn.example/6.png')).not.toBeNull()
  })
})

describe('coverTypeOf', () => {
  it('tells images by their first bytes, and nothing else', () => {
    expect(coverTypeOf(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]))).toBe('image/png')
    expect(coverTypeOf(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg')
    expect(coverTypeOf(new TextEncoder().encode('GIF89a...'))).toBe('image/gif')
    expect(coverTypeOf(new TextEncoder().encode('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))).toBe('image/webp')
    expect(coverTypeOf(new TextEncoder().encode('<html>not an image</html>'))).toBeNull()
    expect(coverTypeOf(new Uint8Array())).toBeNull()
  })
})

describe('LibraryStore and thumbnails', () => {
  it('says which items got another thumbnail on the service (their kept covers are stale)', async () => {
    const store = await LibraryStore.open(join(await freshDir(), 'library.json'), log)
    const row = (thumbnail: string | null, views = 1): LibraryItem => ({
      key: 'Flipbook:3', id: 3, docType: 'Flipbook', name: 'Brochure', title: null, description: null, folder: null, customUrl: null,
      fullUrl: null, embedUrl: null, createdOn: null, pages: 2, views, leads: null, sales: null, approvals: null, isStarred: null,
      isPublished: null, isActive: null, thumbnail, thumbnailUrl: thumbnail
    })
    const changed: string[][] = []
    store.onThumbnailChanged = (keys) => changed.push(keys)
    store.upsert([row('thumbs/3.png')])
    store.upsert([row('thumbs/3.png', 5)])
    // A row that does not say its thumbnail tells nothing.
    store.upsert([row(null, 6)])
    store.upsert([row('thumbs/3.png', 7)])
    store.upsert([row('thumbs/3-b.png', 7)])
    expect(changed).toEqual([['Flipbook:3']])
    await store.close()
  })
})
