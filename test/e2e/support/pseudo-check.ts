import type { Page } from '@playwright/test'

/*
 * What the pseudo-locales (en-XA, ar-XB) make visible: every catalog word is accented and in
 * brackets, so text outside brackets with plain ASCII letters escaped the catalogs, unless it
 * is the service's or the user's (names, titles, addresses) or what Intl writes (units, months).
 * And every word about 40 % longer: text that no longer fits is clipped or overlaps.
 */

export interface Escaped {
  text: string
  where: string
}

/** Text outside brackets, per text node and per word-bearing attribute, that holds ASCII words. */
export function textOutsideBrackets(page: Page): Promise<Escaped[]> {
  return page.evaluate(() => {
    const found: { text: string; where: string }[] = []
    const whereOf = (element: Element | null): string => {
      const parts: string[] = []
      for (let node = element; node && parts.length < 3; node = node.parentElement) {
        const id = node.getAttribute('data-testid')
        parts.unshift(`${node.tagName.toLowerCase()}${id ? `[${id}]` : ''}${node.className && typeof node.className === 'string' ? `.${node.className.split(' ')[0]}` : ''}`)
      }
      return parts.join(' > ')
    }
    const outside = (text: string, depthAtStart: number): { rest: string; depth: number } => {
      let depth = depthAtStart
      let rest = ''
      for (const character of text) {
        if (character === '[') depth++
        else if (character === ']') depth = Math.max(0, depth - 1)
        else if (depth === 0) rest += character
      }
      return { rest, depth }
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    let depth = 0
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement
      if (!parent || parent.closest('script, style, noscript, template, [translate="no"]')) continue
      const { rest, depth: after } = outside(node.textContent ?? '', depth)
      depth = after
      // A visually hidden label is read aloud: it counts. Hidden (display:none) text does not.
      if (parent.closest('[hidden]') || parent.getClientRects().length === 0) continue
      if (/[A-Za-z]{2,}/.test(rest)) found.push({ text: rest.trim(), where: whereOf(parent) })
    }
    for (const element of document.querySelectorAll('[placeholder], [aria-label], [title], img[alt]')) {
      if (element.closest('[hidden], [translate="no"]')) continue
      for (const name of ['placeholder', 'aria-label', 'title', 'alt']) {
        const value = element.getAttribute(name)
        if (!value) continue
        const { rest } = outside(value, 0)
        if (/[A-Za-z]{2,}/.test(rest)) found.push({ text: rest.trim(), where: `${whereOf(element)} @${name}` })
      }
    }
    return found
  })
}

export interface Clipped {
  text: string
  where: string
  why: string
}

/** Text that no longer fits: cut off without an ellipsis and a full-text title, or lying over other text. */
export function clippedOrOverlapping(page: Page): Promise<Clipped[]> {
  return page.evaluate(() => {
    const found: { text: string; where: string; why: string }[] = []
    const describe = (element: Element): string => {
      const id = element.getAttribute('data-testid')
      return `${element.tagName.toLowerCase()}${id ? `[${id}]` : ''}${typeof element.className === 'string' && element.className ? `.${element.className.split(' ')[0]}` : ''}`
    }
    const ownText = (element: Element): string =>
      [...element.childNodes]
        .filter((child) => child.nodeType === Node.TEXT_NODE)
        .map((child) => child.textContent ?? '')
        .join('')
        .trim()
    const textElements = [...document.body.querySelectorAll('*')].filter((element) => {
      if (element.closest('[hidden], script, style, svg')) return false
      if (ownText(element) === '') return false
      const rects = element.getClientRects()
      return rects.length > 0 && [...rects].some((rect) => rect.width > 0 && rect.height > 0)
    })
    for (const element of textElements) {
      const style = getComputedStyle(element)
      const html = element as HTMLElement
      const scrolls = /(auto|scroll)/.test(`${style.overflowX} ${style.overflowY}`)
      // Visually hidden text (the sr-only pattern) is 1 px by design.
      const visuallyHidden = html.getBoundingClientRect().width <= 1 || style.clip !== 'auto' || style.clipPath !== 'none'
      if (scrolls || visuallyHidden) continue
      const wider = html.scrollWidth > html.clientWidth + 1
      const taller = html.scrollHeight > html.clientHeight + 2 && style.overflowY !== 'visible' && style.webkitLineClamp === 'none'
      if ((wider || taller) && style.overflowX !== 'visible') {
        const ellipsis = style.textOverflow === 'ellipsis' || style.webkitLineClamp !== 'none'
        const titled = (html.closest('[title]')?.getAttribute('title') ?? '').length > 0
        if (!(ellipsis && titled)) found.push({ text: ownText(element).slice(0, 80), where: describe(element), why: ellipsis ? 'ellipsis without a full-text title' : 'cut off' })
      }
      if (wider && style.overflowX === 'visible' && style.whiteSpace === 'nowrap') found.push({ text: ownText(element).slice(0, 80), where: describe(element), why: 'spills out of its box' })
    }
    /** Scrolled out of a scrolling box (a long panel's rows above its top): not shown, so under nothing. */
    const scrolledAway = (element: Element, x: number, y: number): boolean => {
      for (let box = element.parentElement; box; box = box.parentElement) {
        const style = getComputedStyle(box)
        if (!/(auto|scroll)/.test(`${style.overflowX} ${style.overflowY}`)) continue
        const rect = box.getBoundingClientRect()
        if (x < rect.left || x > rect.right || y < rect.top || y > rect.bottom) return true
      }
      return false
    }
    // Overlap: the middle of each line of text must show that text's element (or something inside it).
    for (const element of textElements) {
      const style = getComputedStyle(element)
      if (element.getBoundingClientRect().width <= 1 || style.clip !== 'auto' || style.clipPath !== 'none') continue
      const range = document.createRange()
      range.selectNodeContents(element)
      for (const rect of [...range.getClientRects()].slice(0, 3)) {
        if (rect.width < 4 || rect.height < 4) continue
        const x = rect.left + rect.width / 2
        const y = rect.top + rect.height / 2
        if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight || scrolledAway(element, x, y)) continue
        const hit = document.elementFromPoint(x, y)
        if (!hit || hit === element || element.contains(hit) || hit.contains(element)) continue
        // Covered by a dialog's backdrop or an overlay without words of its own: not text on text.
        if (ownText(hit) === '' || hit.closest('dialog, [role="dialog"], [role="menu"], [role="listbox"], [role="tooltip"]')) continue
        found.push({ text: ownText(element).slice(0, 80), where: describe(element), why: `under ${describe(hit)} (“${ownText(hit).slice(0, 40)}”)` })
      }
    }
    return found
  })
}
