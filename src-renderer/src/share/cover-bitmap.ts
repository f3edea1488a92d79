import type { ShareItem } from '../../../src-shared/domain/share'
import { libraryKey } from '../../../src-shared/domain/library'
import { bridge } from '../bridge'

/** An item's cover, decoded for drawing on a canvas; null when main has none (the card is drawn without it). */
export async function coverBitmap(item: Pick<ShareItem, 'id' | 'docType'>): Promise<ImageBitmap | null> {
  const reply = await bridge().library.cover({ key: libraryKey(item.docType, item.id) })
  if (!reply.ok || reply.value === null) return null
  // Copied into a buffer of its own: a Blob takes ArrayBuffer-backed bytes.
  const blob = new Blob([new Uint8Array(reply.value.bytes)], { type: reply.value.type })
  return createImageBitmap(blob).catch(() => null)
}
