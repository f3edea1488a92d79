import type { EmbedSize, ShareRef } from '../domain/share'

/** The path (relative to the window's page) of the document that previews an item's embed at a size. */
export const EMBED_PREVIEW_PATH = 'share/embed-preview'

/**
 * The address the Share sheet frames to preview an item's embed code. It names the item, never
 * a URL: main looks the item's EmbedURL up itself, writes the same code the sheet copies, and
 * serves it with a policy that lets exactly that origin be framed.
 */
export function embedPreviewSrc(ref: ShareRef, size: EmbedSize): string {
  const query = new URLSearchParams({ docType: ref.docType, id: String(ref.id), kind: size.kind })
  if (size.kind === 'responsive') query.set('ratio', size.ratio)
  if (size.kind !== 'responsive') query.set('height', String(size.height))
  if (size.kind === 'fixed') query.set('width', String(size.width))
  return `${EMBED_PREVIEW_PATH}?${query.toString()}`
}
