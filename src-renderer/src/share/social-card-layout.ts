/*
 * Where things go on a social card: the cover contained in the left part (its own
 * proportions, never cropped or stretched) and the title wrapped in the right part, at most
 * three lines, the last ending in "…" when the title is longer. Pure maths: the drawing
 * (draw-social-card.ts) measures text with the canvas and asks these for places.
 */

/** The card's size: what Facebook, LinkedIn and X show large (1.91:1). */
export const CARD = { width: 1200, height: 630 } as const

/** Room kept on every side of the card. */
export const CARD_MARGIN = 64

/** The box the cover is contained in: the left part of the card. */
export const COVER_BOX: Box = { x: CARD_MARGIN, y: CARD_MARGIN, width: 420, height: CARD.height - 2 * CARD_MARGIN }

/** The box the title is written in: right of the cover. */
export const TITLE_BOX: Box = {
  x: COVER_BOX.x + COVER_BOX.width + 56,
  y: CARD_MARGIN,
  width: CARD.width - (COVER_BOX.x + COVER_BOX.width + 56) - CARD_MARGIN,
  height: CARD.height - 2 * CARD_MARGIN
}

/** The title's box: beside the cover, or the card's whole width when there is no cover to show. */
export function titleBoxFor(hasCover: boolean): Box {
  return hasCover ? TITLE_BOX : { x: CARD_MARGIN, y: CARD_MARGIN, width: CARD.width - 2 * CARD_MARGIN, height: CARD.height - 2 * CARD_MARGIN }
}

/** Most lines a title takes before it is cut with "…". */
export const MAX_TITLE_LINES = 3

export interface Box {
  x: number
  y: number
  width: number
  height: number
}

/** An image of a size, scaled as large as fits in a box and centred there: never cropped, never stretched. */
export function containIn(image: { width: number; height: number }, box: Box): Box {
  const scale = Math.min(box.width / image.width, box.height / image.height)
  const width = image.width * scale
  const height = image.height * scale
  return { x: box.x + (box.width - width) / 2, y: box.y + (box.height - height) / 2, width, height }
}

/** Pieces a line may break between: words and spaces, and each character in scripts without spaces (CJK). */
function breakablePieces(text: string): string[] {
  const words = new Intl.Segmenter(undefined, { granularity: 'word' })
  return [...words.segment(text)].map((piece) => piece.segment)
}

/** The characters of a text as people see them (an emoji with its modifiers is one). */
function graphemes(text: string): string[] {
  const characters = new Intl.Segmenter(undefined, { granularity: 'grapheme' })
  return [...characters.segment(text)].map((piece) => piece.segment)
}

/** A line cut to fit with "…" at its end. */
function ellipsised(line: string, maxWidth: number, measure: (text: string) => number): string {
  const characters = graphemes(line.trimEnd())
  while (characters.length > 0 && measure(`${characters.join('').trimEnd()}…`) > maxWidth) characters.pop()
  return `${characters.join('').trimEnd()}…`
}

/**
 * A title as lines no wider than `maxWidth`, at most `maxLines`: broken between words (and
 * within a word only when the word alone is too wide), the last line ended with "…" when
 * text is left over.
 */
export function wrapTitle(title: string, maxWidth: number, measure: (text: string) => number, maxLines = MAX_TITLE_LINES): string[] {
  const pieces = breakablePieces(title.replace(/\s+/g, ' ').trim()).flatMap((piece) => (measure(piece) > maxWidth ? graphemes(piece) : [piece]))
  const lines: string[] = []
  let line = ''
  let index = 0
  for (; index < pieces.length; index += 1) {
    const piece = pieces[index] ?? ''
    const longer = line + piece
    if (line === '' || measure(longer.trimEnd()) <= maxWidth) {
      line = line === '' ? piece.trimStart() : longer
      continue
    }
    lines.push(line.trimEnd())
    if (lines.length === maxLines) break
    line = piece.trimStart()
  }
  if (lines.length < maxLines) {
    if (line.trim() !== '') lines.push(line.trimEnd())
    return lines
  }
  // Text was left over: the last line says so.
  const last = lines.pop() ?? ''
  lines.push(ellipsised(`${last} `, maxWidth, measure))
  return lines
}

/** Whether a text reads right to left: its first letter with a direction is Hebrew, Arabic or another RTL script. */
export function isRightToLeft(text: string): boolean {
  const first = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{L}]/u.exec(text)
  return first !== null && /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u.test(first[0])
}
