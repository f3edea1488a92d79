import type { ShareItem } from '../domain/share'
import { escapeHtml, linkLabel } from './link-formats'

/** The cover's width in the email, in CSS pixels: a thumbnail that fits a phone's mail column. */
export const EMAIL_COVER_WIDTH = 300

/** The call to read, by kind: a flipbook turns pages, a document is read. */
export function readLine(docType: ShareItem['docType']): string {
  return docType === 'Document' ? 'Read the document' : 'Read the flipbook'
}

/**
 * The snippet's own words, in the language the designer writes their email in (the window
 * passes its catalog's); English where no language is given.
 */
export interface SnippetWords {
  read: string
  readAt: (url: string) => string
}

function englishWords(docType: ShareItem['docType']): SnippetWords {
  const read = readLine(docType)
  return { read, readAt: (url) => `${read}: ${url}` }
}

/**
 * An element of the snippet: its tag, attributes (inline `style` among them) and children.
 * One tree gives both the HTML that is copied and the sheet's preview (drawn by Vue, which sets
 * styles through the CSSOM: the window's policy refuses `style` attributes in parsed HTML).
 */
export interface SnippetElement {
  tag: 'table' | 'tr' | 'td' | 'a' | 'img'
  attrs: Record<string, string>
  children: (SnippetElement | string)[]
}

/** Fonts every mail client has: web fonts do not load in Outlook desktop. */
const FONT = 'font-family:Arial,Helvetica,sans-serif'

function element(tag: SnippetElement['tag'], attrs: Record<string, string>, ...children: (SnippetElement | string)[]): SnippetElement {
  return { tag, attrs, children }
}

/**
 * An item as a block to paste into an email: the cover as a static image linked to the item,
 * the title as a link, and a "Read the flipbook" line. Tables and inline styles only (no
 * classes, no scripts): Outlook desktop renders with Word, Gmail strips <style>. `dir="auto"`
 * keeps a right-to-left title the right way round.
 */
export function emailSnippetTree(
  item: Pick<ShareItem, 'docType' | 'title' | 'name' | 'url' | 'coverUrl'>,
  words: SnippetWords = englishWords(item.docType)
): SnippetElement {
  const label = linkLabel(item)
  const width = String(EMAIL_COVER_WIDTH)
  const rows: SnippetElement[] = []
  if (item.coverUrl !== null) {
    const image = element('img', {
      src: item.coverUrl,
      width,
      alt: label,
      border: '0',
      style: `display:block;width:${width}px;max-width:100%;height:auto;border:0;outline:none`
    })
    rows.push(element('tr', {}, element('td', { style: 'padding:0 0 12px 0' }, element('a', { href: item.url, style: 'text-decoration:none' }, image))))
  }
  rows.push(
    element(
      'tr',
      {},
      element(
        'td',
        { dir: 'auto', style: `padding:0 0 6px 0;${FONT};font-size:18px;line-height:24px;font-weight:bold` },
        element('a', { href: item.url, dir: 'auto', style: 'color:#1a1a1a;text-decoration:none' }, label)
      )
    ),
    element(
      'tr',
      {},
      element(
        'td',
        { style: `padding:0;${FONT};font-size:15px;line-height:22px` },
        element('a', { href: item.url, style: 'color:#1a56db;text-decoration:underline' }, words.read)
      )
    )
  )
  return element(
    'table',
    { role: 'presentation', cellpadding: '0', cellspacing: '0', border: '0', style: `border-collapse:collapse;max-width:${width}px` },
    ...rows
  )
}

/** The snippet as HTML, every text and attribute escaped. */
export function snippetHtml(node: SnippetElement | string): string {
  if (typeof node === 'string') return escapeHtml(node)
  const attrs = Object.entries(node.attrs)
    .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
    .join('')
  // An image has no end tag.
  if (node.tag === 'img') return `<img${attrs}>`
  return `<${node.tag}${attrs}>${node.children.map(snippetHtml).join('')}</${node.tag}>`
}

/** What is copied for an email: the HTML, and the plain text ("Title\nRead the flipbook: URL") for clients that paste text. */
export function emailSnippet(
  item: Pick<ShareItem, 'docType' | 'title' | 'name' | 'url' | 'coverUrl'>,
  words: SnippetWords = englishWords(item.docType)
): { html: string; text: string } {
  return { html: snippetHtml(emailSnippetTree(item, words)), text: `${linkLabel(item)}\n${words.readAt(item.url)}` }
}
