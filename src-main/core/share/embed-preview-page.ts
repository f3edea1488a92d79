import type { EmbedSize, ShareItem, ShareRef } from '../../../src-shared/domain/share'
import { embedCode } from '../../../src-shared/share/embed-code'
import { escapeHtml } from '../../../src-shared/share/link-formats'

/** An answer of the embed preview route, for the app's protocol handler and the test host alike. */
export interface PreviewAnswer {
  status: number
  headers: Record<string, string>
  body: string
}

const pixels = (text: string | null): number | null => {
  const value = Number(text)
  return Number.isInteger(value) && value >= 100 && value <= 4000 ? value : null
}

/** The item and size a preview address names (embed-preview-path.ts writes them), or null when it names none. */
export function readPreviewQuery(query: URLSearchParams): { ref: ShareRef; size: EmbedSize } | null {
  const docType = query.get('docType')
  const id = Number(query.get('id'))
  if ((docType !== 'Flipbook' && docType !== 'Document') || !Number.isSafeInteger(id) || id < 1) return null
  const ref = { docType, id } as const
  const kind = query.get('kind')
  const ratio = query.get('ratio')
  const width = pixels(query.get('width'))
  const height = pixels(query.get('height'))
  if (kind === 'responsive' && (ratio === '16:9' || ratio === '4:3' || ratio === 'a4')) return { ref, size: { kind, ratio } }
  if (kind === 'full-width' && height !== null) return { ref, size: { kind, height } }
  if (kind === 'fixed' && width !== null && height !== null) return { ref, size: { kind, width, height } }
  return null
}

/** A page of a sentence, for previews that cannot show the embed. */
function notice(status: number, sentence: string): PreviewAnswer {
  return {
    status,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'" },
    body: `<!DOCTYPE html><html><head><meta charset="utf-8"></head><body style="margin:0;display:grid;place-items:center;height:100vh;font:14px system-ui,sans-serif;color:#6b7280">${escapeHtml(sentence)}</body></html>`
  }
}

/**
 * The document the Share sheet frames to preview an item's embed: exactly the code the sheet
 * copies, alone on a page, with a policy that lets that one origin be framed and nothing else run
 * (no script; inline styles only, which the embed code carries). The item's EmbedURL is looked
 * up by main, never read from the address, and only an https one is framed: the app's policy
 * makes no exception for plain http.
 */
export function embedPreviewPage(item: ShareItem | null, size: EmbedSize): PreviewAnswer {
  if (!item) return notice(404, 'This item is no longer in the library.')
  if (!item.embedUrl) return notice(404, 'The service gave no embed link for this item.')
  let origin: string
  try {
    const url = new URL(item.embedUrl)
    if (url.protocol !== 'https:') return notice(200, 'The preview shows only embeds served over a secure (https) link.')
    origin = url.origin
  } catch {
    return notice(404, 'The embed link of this item cannot be read.')
  }
  return {
    status: 200,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': `default-src 'none'; frame-src ${origin}; style-src 'unsafe-inline'; frame-ancestors 'self'`,
      'Cache-Control': 'no-store'
    },
    body: `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${escapeHtml(item.title ?? item.name ?? '')}</title></head><body style="margin:0">${embedCode({ ...item, embedUrl: item.embedUrl }, size)}</body></html>`
  }
}
