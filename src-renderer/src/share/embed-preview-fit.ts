import type { EmbedSize } from '../../../src-shared/domain/share'
import { EMBED_RATIO } from '../../../src-shared/share/embed-code'

/** How the embed preview is drawn: the frame at the embed's own size, scaled down to the room there is. */
export interface EmbedPreviewFit {
  /** The frame's size as the embed would have it on a page. */
  width: number
  height: number
  /** 1, or less when a fixed width is wider than the sheet. */
  scale: number
}

/**
 * The preview of an embed in `room` CSS pixels of width: responsive and full-width sizes at
 * that width (as on a page of that width), fixed sizes at their own size, scaled down to fit.
 */
export function embedPreviewFit(size: EmbedSize, room: number): EmbedPreviewFit {
  switch (size.kind) {
    case 'responsive':
      return { width: room, height: Math.round(room * EMBED_RATIO[size.ratio]), scale: 1 }
    case 'full-width':
      return { width: room, height: size.height, scale: 1 }
    case 'fixed':
      return { width: size.width, height: size.height, scale: Math.min(1, room / size.width) }
  }
}
