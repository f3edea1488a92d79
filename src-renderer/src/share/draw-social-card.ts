import { CARD, containIn, COVER_BOX, isRightToLeft, titleBoxFor, wrapTitle } from './social-card-layout'

/** The app's own type (base.css), so the card reads like the app that made it. */
const FONT_FAMILY = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
const TITLE_SIZE = 54
const TITLE_LEADING = 66
const HOST_SIZE = 26

/** Brand-neutral: a warm paper grey behind the cover, ink for the title. */
const COLOURS = { ground: '#f3f2ef', groundEdge: '#e4e2dd', ink: '#1d1d1f', muted: '#5c5f66', shadow: 'rgb(0 0 0 / 0.22)' } as const

/**
 * Draws a 1200×630 social card on a canvas: the cover (when there is one) contained in the
 * left part with a soft shadow, the title wrapped beside it, and the link's host under it.
 * A right-to-left title is drawn right to left, aligned to the right.
 */
export function drawSocialCard(canvas: HTMLCanvasElement, card: { title: string; host: string; cover: ImageBitmap | null }): void {
  canvas.width = CARD.width
  canvas.height = CARD.height
  const context = canvas.getContext('2d')
  if (context === null) return
  const ground = context.createLinearGradient(0, 0, CARD.width, CARD.height)
  ground.addColorStop(0, COLOURS.ground)
  ground.addColorStop(1, COLOURS.groundEdge)
  context.fillStyle = ground
  context.fillRect(0, 0, CARD.width, CARD.height)

  if (card.cover !== null) {
    const place = containIn(card.cover, COVER_BOX)
    context.save()
    context.shadowColor = COLOURS.shadow
    context.shadowBlur = 28
    context.shadowOffsetY = 10
    context.fillStyle = '#ffffff'
    context.fillRect(place.x, place.y, place.width, place.height)
    context.restore()
    context.drawImage(card.cover, place.x, place.y, place.width, place.height)
  }

  const box = titleBoxFor(card.cover !== null)
  const rtl = isRightToLeft(card.title)
  context.direction = rtl ? 'rtl' : 'ltr'
  context.textAlign = rtl ? 'right' : 'left'
  context.textBaseline = 'alphabetic'
  const x = rtl ? box.x + box.width : box.x
  context.font = `700 ${String(TITLE_SIZE)}px ${FONT_FAMILY}`
  const lines = wrapTitle(card.title, box.width, (text) => context.measureText(text).width)
  // The title and host together sit in the middle of the card's height.
  const blockHeight = lines.length * TITLE_LEADING + 24 + HOST_SIZE
  let y = box.y + (box.height - blockHeight) / 2 + TITLE_SIZE
  context.fillStyle = COLOURS.ink
  for (const line of lines) {
    context.fillText(line, x, y)
    y += TITLE_LEADING
  }
  context.direction = 'ltr'
  context.font = `500 ${String(HOST_SIZE)}px ${FONT_FAMILY}`
  context.fillStyle = COLOURS.muted
  // The host sits a short gap under the title's last baseline.
  context.fillText(card.host, x, y - TITLE_LEADING + 28 + HOST_SIZE)
}

/** The card's PNG bytes. */
export async function socialCardPng(canvas: HTMLCanvasElement): Promise<Uint8Array<ArrayBuffer>> {
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'))
  if (blob === null) throw new Error('The card could not be drawn.')
  return new Uint8Array(await blob.arrayBuffer())
}
