import type { DocType } from '../../../src-shared/domain/service/item'
import { groupedCount } from '../format/count'
import { t } from '../i18n/i18n'
import { counted } from '../i18n/i18n'

/** What a drag tells before the drop: each item's kind and MIME type (names come only on drop). */
export interface DragItem {
  kind: string
  type: string
}

/** A drag, counted: PDFs by type, files of another type, and entries of unknown type (often folders). */
export interface DragPreview {
  pdfs: number
  others: number
  unknown: number
  /** A link dragged from a browser, with no file. */
  link: boolean
}

export function previewDrag(items: readonly DragItem[], types: readonly string[]): DragPreview {
  const files = items.filter((item) => item.kind === 'file')
  const pdfs = files.filter((item) => item.type === 'application/pdf').length
  const unknown = files.filter((item) => item.type === '').length
  return { pdfs, others: files.length - pdfs - unknown, unknown, link: files.length === 0 && types.includes('text/uri-list') }
}

/** The drop's messages that name the kind, by kind: keys written out whole, so the catalog check finds them. */
const BY_KIND = {
  link: { Flipbook: 'publish.drop.linkAsFlipbook', Document: 'publish.drop.linkAsDocument' },
  pdfs: { Flipbook: 'publish.drop.pdfsAsFlipbook', Document: 'publish.drop.pdfsAsDocument' },
  items: { Flipbook: 'publish.drop.itemsAsFlipbooks', Document: 'publish.drop.itemsAsDocuments' },
  noRoom: { Flipbook: 'publish.drop.noRoomFlipbooks', Document: 'publish.drop.noRoomDocuments' },
  room: { Flipbook: 'publish.drop.roomFlipbooks', Document: 'publish.drop.roomDocuments' }
} satisfies Record<string, Record<DocType, string>>

/**
 * The overlay's headline: what the drop will do. With several accounts signed in, `account`
 * names where it goes ("Publish 3 PDFs to Northwind (dana@…)") and the kind is said apart.
 */
export function dropHeadline(preview: DragPreview, docType: DocType, account: string | null = null): string {
  if (preview.link) return account === null ? t(BY_KIND.link[docType]) : t('publish.drop.linkTo', { account })
  if (preview.pdfs > 0 && preview.unknown === 0) {
    return account === null ? counted(BY_KIND.pdfs[docType], preview.pdfs) : counted('publish.drop.pdfsTo', preview.pdfs, { account })
  }
  if (preview.unknown > 0) {
    // Folders and files of unknown type are looked into on drop: PDFs are found by their bytes.
    const items = preview.pdfs + preview.unknown
    return account === null ? counted(BY_KIND.items[docType], items) : counted('publish.drop.itemsTo', items, { account })
  }
  return t('publish.drop.nothing')
}

/** The overlay's second line: what will be skipped. */
export function dropSkipNote(preview: DragPreview): string | null {
  if (preview.others === 0) return null
  return counted('publish.drop.skip', preview.others)
}

/**
 * Before a drop goes over the plan: how many fit; the rest are kept in the queue, waiting for
 * room. Null when all fit or the quota is unknown.
 */
export function dropQuotaNote(preview: DragPreview, room: number | null, docType: DocType): string | null {
  if (room === null) return null
  const incoming = preview.link ? 1 : preview.pdfs
  if (incoming <= room) return null
  if (room === 0) return t(BY_KIND.noRoom[docType], {}, incoming)
  return counted(BY_KIND.room[docType], room, { over: groupedCount(incoming - room) })
}
