import { describe, expect, it } from 'vitest'
import { emailSnippet } from '../../../src-shared/share/email-snippet'
import { speak } from '../../../src-renderer/src/i18n/i18n'
import { emailTab } from '../../../src-renderer/src/share/words'

const base = { docType: 'Flipbook' as const, name: 'spring.pdf', url: 'https://books.example/b/spring', coverUrl: 'https://img.example/c/1.jpg' }

/** The snippet's HTML as a browser reads it. */
function parsed(html: string): Document {
  return new DOMParser().parseFromString(`<!doctype html><body>${html}</body>`, 'text/html')
}

describe('the email snippet', () => {
  it('links a static cover (300 wide, the title as its alt text, no border) and the title to the flipbook, with a "Read the flipbook" line', () => {
    const { html, text } = emailSnippet({ ...base, title: 'Spring catalogue' })
    const page = parsed(html)
    const image = page.querySelector('a > img')
    expect(image?.getAttribute('src')).toBe(base.coverUrl)
    expect(image?.getAttribute('width')).toBe('300')
    expect(image?.getAttribute('alt')).toBe('Spring catalogue')
    expect(image?.getAttribute('border')).toBe('0')
    expect(image?.getAttribute('style')).toContain('display:block')
    const links = [...page.querySelectorAll('a')].map((link) => [link.getAttribute('href'), link.textContent])
    expect(links).toEqual([
      [base.url, ''],
      [base.url, 'Spring catalogue'],
      [base.url, 'Read the flipbook']
    ])
    expect(text).toBe('Spring catalogue\nRead the flipbook: https://books.example/b/spring')
  })

  it('is tables and inline styles only: no classes, no scripts, no style sheets', () => {
    const page = parsed(emailSnippet({ ...base, title: 'Spring' }).html)
    expect(page.querySelector('table[role="presentation"]')).not.toBeNull()
    expect(page.querySelectorAll('[class], script, style, link')).toHaveLength(0)
  })

  it('says "Read the document" for a document, and leaves the image out when there is no cover', () => {
    const { html, text } = emailSnippet({ ...base, docType: 'Document', title: 'Terms', coverUrl: null })
    const page = parsed(html)
    expect(page.querySelector('img')).toBeNull()
    expect(page.body.textContent).toContain('Read the document')
    expect(text).toBe('Terms\nRead the document: https://books.example/b/spring')
  })

  it('escapes a title and addresses that carry markup, so nothing of theirs runs or breaks out', () => {
    const title = '<img src=x onerror=alert(1)> "Tom & Jerry"'
    const { html } = emailSnippet({ ...base, title, url: 'https://books.example/b/x?a=1&b="2"', coverUrl: 'https://img.example/"><script>1</script>' })
    const page = parsed(html)
    expect(page.querySelectorAll('script, img[onerror]')).toHaveLength(0)
    expect(page.querySelectorAll('a')[1]?.textContent).toBe(title)
    expect(page.querySelector('a')?.getAttribute('href')).toBe('https://books.example/b/x?a=1&b="2"')
    expect(page.querySelector('img')?.getAttribute('alt')).toBe(title)
  })

  it.each([
    ['emoji', '🌸 Spring 👩🏽‍🎨 catalogue'],
    ['right-to-left', 'קטלוג האביב'],
    ['Arabic', 'كتالوج الربيع'],
    ['CJK', '春のカタログ 2026']
  ])('keeps a %s title whole in the link, the alt text and the plain text; the title runs in its own direction', (_kind, title) => {
    const { html, text } = emailSnippet({ ...base, title })
    const page = parsed(html)
    const titleLink = page.querySelectorAll('a')[1]
    expect(titleLink?.textContent).toBe(title)
    expect(titleLink?.getAttribute('dir')).toBe('auto')
    expect(page.querySelector('img')?.getAttribute('alt')).toBe(title)
    expect(text.split('\n')[0]).toBe(title)
  })

  it('falls back to the name, then the link, when the item has no title', () => {
    expect(emailSnippet({ ...base, title: null }).text.split('\n')[0]).toBe('spring.pdf')
    expect(emailSnippet({ ...base, title: ' ', name: null }).text.split('\n')[0]).toBe(base.url)
  })

  it('speaks the designer’s language in its own words, the title and link as the service has them', async () => {
    await speak('es')
    try {
      const { html, text } = emailSnippet({ ...base, title: 'Spring catalogue' }, emailTab.snippet('Flipbook'))
      expect(parsed(html).querySelectorAll('a')[2]?.textContent).toBe('Leer el flipbook')
      expect(text).toBe(`Spring catalogue\nLeer el flipbook: ${base.url}`)
      await speak('fr')
      expect(emailSnippet({ ...base, docType: 'Document', title: 'Terms' }, emailTab.snippet('Document')).text).toBe(`Terms\nLire le document\u202f: ${base.url}`)
    } finally {
      await speak('en')
    }
  })
})
