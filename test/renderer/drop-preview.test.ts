import { describe, expect, it } from 'vitest'
import { dropHeadline, dropQuotaNote, dropSkipNote, previewDrag } from '../../src-renderer/src/publish/drop-preview'

const pdf = { kind: 'file', type: 'application/pdf' }
const text = { kind: 'file', type: 'text/plain' }
const folder = { kind: 'file', type: '' }

describe('what the drop overlay says', () => {
  it('names the PDFs and the kind they become', () => {
    const preview = previewDrag([pdf, pdf, pdf, text], ['Files'])
    expect(preview).toEqual({ pdfs: 3, others: 1, unknown: 0, link: false })
    expect(dropHeadline(preview, 'Flipbook')).toBe('Publish 3 PDFs as flipbooks')
    expect(dropHeadline(previewDrag([pdf], ['Files']), 'Document')).toBe('Publish 1 PDF as a document')
    expect(dropSkipNote(preview)).toBe('1 file is not a PDF and will be skipped.')
  })

  it('says folders are looked into, and when nothing is a PDF', () => {
    expect(dropHeadline(previewDrag([folder, pdf], ['Files']), 'Flipbook')).toBe('Publish the PDFs in 2 items as flipbooks')
    expect(dropHeadline(previewDrag([text], ['Files']), 'Flipbook')).toBe('Nothing here is a PDF')
    expect(dropSkipNote(previewDrag([pdf], ['Files']))).toBeNull()
  })

  it('recognizes a link dragged from a browser', () => {
    const preview = previewDrag([{ kind: 'string', type: 'text/uri-list' }], ['text/uri-list', 'text/plain'])
    expect(preview.link).toBe(true)
    expect(dropHeadline(preview, 'Flipbook')).toBe('Publish the linked PDF as a flipbook')
  })

  it('warns before the plan is exceeded, and only then: the files over it will wait for room', () => {
    const three = previewDrag([pdf, pdf, pdf], ['Files'])
    expect(dropQuotaNote(three, 2, 'Flipbook')).toBe('Your plan has room for 2 more flipbooks: 1 will wait for room.')
    expect(dropQuotaNote(three, 1, 'Document')).toBe('Your plan has room for 1 more document: 2 will wait for room.')
    expect(dropQuotaNote(three, 0, 'Flipbook')).toBe('Your plan has no flipbooks left: they will wait for room.')
    expect(dropQuotaNote(previewDrag([pdf], ['Files']), 0, 'Flipbook')).toBe('Your plan has no flipbooks left: it will wait for room.')
    expect(dropQuotaNote(three, 3, 'Flipbook')).toBeNull()
    expect(dropQuotaNote(three, null, 'Flipbook')).toBeNull()
  })
})
