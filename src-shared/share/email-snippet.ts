import type { ShareItem } from '../domain/share'
import { escapeHtml, linkLabel } from './link-formats'

/** The cover's width in the email, in CSS pixels: a thumbnail that fits a phone's mail column. */
export const EMAIL_COVER_WIDTH = 300

/** The call to read, by kind: a flipbook turns pages, a document is read. */
export function readLine(docType: ShareItem['docType']): string {
  return docType === 'Document' ? 'Read the document' : 'Read the flipbook'
}

/** Fonts every mail client has: web fonts do not load in Outlook desktop. */
const FONT = 'font-family:Arial,Helvetica,sans-serif'

/**
 * An item as a block to paste into an email: the cover as a static image linked to the item,
 * the title as a link, and a "Read the flipbook" line. Tables and inline styles only (no
 * classes, no scripts): Outlook desktop renders with Word, Gmail strips <style>. `dir="auto"`
 * keeps a right-to-left title the right way round. The text side is the fallback for clients
 * that paste plain text.
 */
export function emailSnippet(item: Pick<ShareItem, 'docType' | 'title' | 'name' | 'url' | 'coverUrl'>): { html: string; text: string } {
  const url = escapeHtml(item.url)
  const label = linkLabel(item)
  const title = escapeHtml(label)
  const read = readLine(item.docType)
  const rows: string[] = []
  if (item.coverUrl !== null) {
    rows.push(
      `<tr><td style="padding:0 0 12px 0">` +
        `<a href="${url}" style="text-decoration:none">` +
        `<img src="${escapeHtml(item.coverUrl)}" width="${String(EMAIL_COVER_WIDTH)}" alt="${title}" border="0" ` +
        `style="display:block;width:${String(EMAIL_COVER_WIDTH)}px;max-width:100%;height:auto;border:0;outline:none">` +
        `</a></td></tr>`
    )
  }
  rows.push(
    `<tr><td dir="auto" style="padding:0 0 6px 0;${FONT};font-size:18px;line-height:24px;font-weight:bold">` +
      `<a href="${url}" dir="auto" style="color:#1a1a1a;text-decoration:none">${title}</a></td></tr>`,
    `<tr><td style="padding:0;${FONT};font-size:15px;line-height:22px">` +
      `<a href="${url}" style="color:#1a56db;text-decoration:underline">${escapeHtml(read)}</a></td></tr>`
  )
  const html =
    `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;max-width:${String(EMAIL_COVER_WIDTH)}px">` +
    rows.join('') +
    `</table>`
  return { html, text: `${label}\n${read}: ${item.url}` }
}
