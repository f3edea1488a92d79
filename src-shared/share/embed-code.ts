import type { EmbedPreset, EmbedSize, ShareItem } from '../domain/share'
import { escapeHtml, linkLabel } from './link-formats'

/** Height over width of each responsive ratio (A4 portrait is 297 mm tall for 210 mm wide). */
export const EMBED_RATIO: Record<'16:9' | '4:3' | 'a4', number> = { '16:9': 9 / 16, '4:3': 3 / 4, a4: 297 / 210 }

/** The height of a fixed-width preset: 16:9, the shape of an open spread with the viewer's bar. */
function fixedHeight(width: number): number {
  return Math.round((width * 9) / 16)
}

/** Default height of "full width" (CSS pixels): room for a spread on a laptop screen. */
export const FULL_WIDTH_HEIGHT = 600

/** The size a preset stands for; `custom` takes the custom size given. */
export function embedSizeOf(preset: EmbedPreset, custom: { width: number; height: number } = { width: 800, height: 600 }): EmbedSize {
  switch (preset) {
    case '16:9':
    case '4:3':
    case 'a4':
      return { kind: 'responsive', ratio: preset }
    case 'full-width':
      return { kind: 'full-width', height: FULL_WIDTH_HEIGHT }
    case '560':
    case '800':
    case '1000':
      return { kind: 'fixed', width: Number(preset), height: fixedHeight(Number(preset)) }
    case 'custom':
      return { kind: 'fixed', width: custom.width, height: custom.height }
  }
}

/** Height over width for a responsive size, as a CSS percentage with at most four decimals. */
function paddingPercent(ratio: '16:9' | '4:3' | 'a4'): string {
  return `${Number((EMBED_RATIO[ratio] * 100).toFixed(4))}%`
}

/**
 * The embed code of an item at a size: its EmbedURL in an iframe named by its title. Responsive
 * sizes keep their ratio at any width with the padding box every browser and CMS understands (no
 * script of ours, no `aspect-ratio` for older site themes); fixed sizes never grow past their
 * column (`max-width:100%`).
 */
export function embedCode(item: Pick<ShareItem, 'title' | 'name' | 'url'> & { embedUrl: string }, size: EmbedSize): string {
  const src = escapeHtml(item.embedUrl)
  const title = escapeHtml(linkLabel(item))
  const frame = 'frameborder="0" allowfullscreen loading="lazy"'
  switch (size.kind) {
    case 'responsive':
      return (
        `<div style="position:relative;width:100%;height:0;padding-top:${paddingPercent(size.ratio)};overflow:hidden">` +
        `<iframe src="${src}" title="${title}" style="position:absolute;top:0;left:0;width:100%;height:100%;border:0" ${frame}></iframe>` +
        `</div>`
      )
    case 'full-width':
      return `<iframe src="${src}" title="${title}" width="100%" height="${String(size.height)}" style="display:block;width:100%;height:${String(size.height)}px;border:0" ${frame}></iframe>`
    case 'fixed':
      return `<iframe src="${src}" title="${title}" width="${String(size.width)}" height="${String(size.height)}" style="max-width:100%;border:0" ${frame}></iframe>`
  }
}
