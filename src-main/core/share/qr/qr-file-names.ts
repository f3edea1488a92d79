import type { QrFileType } from '../../../../src-shared/domain/share'
import { safeFileName } from '../../library/file-name'

/** Characters that reorder text on screen (bidi embeddings, overrides, isolates): a name with them can display reversed. */
const BIDI_CONTROLS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g

/** What a QR file of an item is called: its title, else its name, else "flipbook-<id>"; a valid file name on every common system. */
export function qrFileName(item: { id: number; title: string | null; name: string | null; docType?: string }, type: QrFileType): string {
  const label = [item.title, item.name].map((text) => (text ?? '').replace(BIDI_CONTROLS, '').trim()).find((text) => text !== '') ?? ''
  const fallback = `${(item.docType ?? 'item').toLowerCase()}-${String(item.id)}`
  return safeFileName(label, `.${type}`, fallback)
}

/** `name` with " (n)" before its extension. */
function numbered(name: string, n: number): string {
  const dot = name.lastIndexOf('.')
  return `${name.slice(0, dot)} (${String(n)})${name.slice(dot)}`
}

/**
 * One file name per item, in order, none the same as another (two items called "Menu" give
 * "Menu.svg" and "Menu (2).svg") nor as a name in `taken` (the folder's files, compared without
 * case, as macOS and Windows do).
 */
export function uniqueQrFileNames(items: { id: number; title: string | null; name: string | null; docType?: string }[], type: QrFileType, taken: Iterable<string> = []): string[] {
  const used = new Set([...taken].map((name) => name.toLowerCase()))
  return items.map((item) => {
    const base = qrFileName(item, type)
    let name = base
    for (let n = 2; used.has(name.toLowerCase()); n++) name = numbered(base, n)
    used.add(name.toLowerCase())
    return name
  })
}
