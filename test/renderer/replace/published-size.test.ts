import { describe, expect, it } from 'vitest'
import { publishedSize } from '../../../src-renderer/src/library/published-size'
import { fileJob, urlJob } from '../../main/shell/queue-views'

describe('the size of the file an item holds now', () => {
  const item = { id: 7, docType: 'Flipbook' as const }

  it('is the newest done file job that published or replaced that item', () => {
    const created = { ...fileJob('create', 'done', { size: 1_200_000 }), addedAt: '2026-01-01T00:00:00.000Z' }
    const replaced = { ...fileJob('replace', 'done', { size: 533_000 }), kind: 'replace' as const, addedAt: '2026-02-01T00:00:00.000Z' }
    expect(publishedSize([replaced, created], item)).toBe(533_000)
  })

  it('is unknown without such a job: the paused replace, a link, another kind or another item say nothing', () => {
    const paused = { ...fileJob('waiting', 'queued', { size: 10 }), paused: true }
    const link = urlJob('link', 'done')
    const document = { ...fileJob('document', 'done', { size: 20 }), docType: 'Document' as const }
    const other = { ...fileJob('other', 'done', { size: 30 }), result: { itemId: 8, url: 'https://go.fliplink.me/view/8', embedUrl: null, pages: 1 } }
    expect(publishedSize([paused, link, document, other], item)).toBeNull()
  })
})
