import type { LinkFormat, ShareItem } from '../domain/share'

/** Text safe inside HTML, in an element or a double-quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')
}

/** Text safe as a Markdown link's label: brackets and backslashes escaped, one line. */
function markdownLabel(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/([\\[\]])/g, '\\$1')
}

/** A URL safe as a Markdown link's target: spaces and parentheses, which would end it, escaped. */
function markdownTarget(url: string): string {
  return url.replace(/ /g, '%20').replace(/\(/g, '%28').replace(/\)/g, '%29')
}

/** What a link is called: the title, else the name, else the link itself. */
export function linkLabel(item: Pick<ShareItem, 'title' | 'name' | 'url'>): string {
  const label = (item.title ?? '').trim() || (item.name ?? '').trim()
  return label === '' ? item.url : label
}

/** The HTML anchor of an item's link, named by its title; `dir="auto"` keeps a right-to-left title the right way round. */
export function linkHtml(item: Pick<ShareItem, 'title' | 'name' | 'url'>): string {
  return `<a href="${escapeHtml(item.url)}" dir="auto">${escapeHtml(linkLabel(item))}</a>`
}

/** A link as pasted text in a format; `rich` is its plain-text side (the URL). */
export function formatLink(item: Pick<ShareItem, 'title' | 'name' | 'url'>, format: LinkFormat): string {
  switch (format) {
    case 'url':
    case 'rich':
      return item.url
    case 'markdown':
      return `[${markdownLabel(linkLabel(item))}](${markdownTarget(item.url)})`
    case 'html':
      return linkHtml(item)
  }
}

/** What goes on the clipboard for items' links: plain text always, HTML too for rich text. One line per item, in order. */
export function linksForClipboard(items: Pick<ShareItem, 'title' | 'name' | 'url'>[], format: LinkFormat): { text: string; html: string | null } {
  if (format === 'rich') {
    return {
      // The plain-text side is the bare links: what a plain field (a terminal, a form) wants pasted.
      text: items.map((item) => item.url).join('\n'),
      html: items.map(linkHtml).join('<br>\n')
    }
  }
  return { text: items.map((item) => formatLink(item, format)).join('\n'), html: null }
}
