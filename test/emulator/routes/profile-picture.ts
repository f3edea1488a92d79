import type { Account } from '../state/types'

/** Colours dark enough for white letters (contrast above 4.5:1), one per account in key order. */
const COLOURS = ['#1d4ed8', '#b91c1c', '#047857', '#7e22ce', '#b45309', '#0e7490', '#be185d', '#4d7c0f', '#475569']

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${String(c.charCodeAt(0))};`)
}

/** Up to two capitals of the brand ("Kite Studio" → "KS"). */
function initialsOf(brand: string): string {
  const words = brand.split(/\s+/).filter((word) => word !== '')
  return words
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('')
}

/**
 * The profile picture the emulator serves for an account: a square of its own colour with its
 * brand's initials, so each demo account's picture differs from every other's.
 */
export function profilePictureSvg(account: Account): Buffer {
  const index = Number(account.userId) % COLOURS.length
  const colour = COLOURS[Number.isInteger(index) ? index : 0] ?? '#1d4ed8'
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">` +
    `<rect width="128" height="128" fill="${colour}"/>` +
    `<text x="64" y="64" dy="0.35em" text-anchor="middle" font-family="sans-serif" font-size="52" font-weight="600" fill="#ffffff">${escapeXml(initialsOf(account.brand))}</text>` +
    `</svg>\n`
  return Buffer.from(svg)
}
