import type { DocType } from '../../../src-shared/domain/service/item'
import { countOf } from '../words/plural'

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

const KIND: Record<DocType, [string, string]> = { Flipbook: ['flipbook', 'flipbooks'], Document: ['document', 'documents'] }

/** Counted through Intl.PluralRules, as everywhere in the app ("1 PDF", "2,000 PDFs"). */
const plural = (count: number, one: string, other: string): string => countOf(count, { one, other })

/**
 * The overlay's headline: what the drop will do. With several accounts signed in, `account`
 * names where it goes ("Publish 3 PDFs to Northwind (dana@…)") and the kind is said apart.
 */
export function dropHeadline(preview: DragPreview, docType: DocType, account: string | null = null): string {
  const as = preview.pdfs + preview.unknown === 1 ? `a ${KIND[docType][0]}` : KIND[docType][1]
  const where = (kind: string): string => (account === null ? `as ${kind}` : `to ${account}`)
  if (preview.link) return `Publish the linked PDF ${where(`a ${KIND[docType][0]}`)}`
  if (preview.pdfs > 0 && preview.unknown === 0) return `Publish ${plural(preview.pdfs, 'PDF', 'PDFs')} ${where(as)}`
  if (preview.unknown > 0) {
    // Folders and files of unknown type are looked into on drop: PDFs are found by their bytes.
    return `Publish the PDFs in ${plural(preview.pdfs + preview.unknown, 'item', 'items')} ${where(KIND[docType][1])}`
  }
  return 'Nothing here is a PDF'
}

/** The overlay's second line: what will be skipped. */
export function dropSkipNote(preview: DragPreview): string | null {
  if (preview.others === 0) return null
  return `${plural(preview.others, 'file is', 'files are')} not a PDF and will be skipped.`
}

/**
 * Before a drop goes over the plan: how many fit; the rest are kept in the queue, waiting for
 * room. Null when all fit or the quota is unknown.
 */
export function dropQuotaNote(preview: DragPreview, room: number | null, docType: DocType): string | null {
  if (room === null) return null
  const incoming = preview.link ? 1 : preview.pdfs
  if (incoming <= room) return null
  const [one, many] = KIND[docType]
  if (room === 0) return `Your plan has no ${many} left: ${incoming === 1 ? 'it' : 'they'} will wait for room.`
  return `Your plan has room for ${plural(room, `more ${one}`, `more ${many}`)}: ${plural(incoming - room, 'will', 'will')} wait for room.`
}
