/** What a file that is not a PDF looks like instead, when its first bytes say so. */
export type ContentKind = 'web-page' | 'png' | 'jpeg' | 'gif' | 'tiff' | 'webp' | 'zip' | 'text' | 'unknown'

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0): boolean =>
  signature.every((byte, index) => bytes[at + index] === byte)

const ascii = (text: string): number[] => [...text].map((char) => char.charCodeAt(0))

/** Formats recognised by their signature (magic bytes at the start). */
const SIGNATURES: readonly { kind: ContentKind; bytes: readonly number[]; at?: number }[] = [
  { kind: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { kind: 'jpeg', bytes: [0xff, 0xd8, 0xff] },
  { kind: 'gif', bytes: ascii('GIF8') },
  { kind: 'tiff', bytes: [0x49, 0x49, 0x2a, 0x00] },
  { kind: 'tiff', bytes: [0x4d, 0x4d, 0x00, 0x2a] },
  { kind: 'webp', bytes: ascii('WEBP'), at: 8 },
  // Local file header, and the end record of an empty archive.
  { kind: 'zip', bytes: [0x50, 0x4b, 0x03, 0x04] },
  { kind: 'zip', bytes: [0x50, 0x4b, 0x05, 0x06] }
]

/** How a saved web page (or a server's error page) starts, after a byte-order mark and spaces. */
const WEB_PAGE = /^(?:\uFEFF|\xEF\xBB\xBF)?\s*(?:<!doctype\s+html|<html|<head|<body|<\?xml[^>]*>\s*<(?:!doctype\s+)?html)/i

/**
 * Names what `head` (the first bytes of a file) is when it is plainly something else than a
 * PDF: an image, an archive, a web page. Null when the signature says nothing (the bytes may
 * still be a PDF without its header, which only a parser can tell).
 */
export function recogniseContent(head: Uint8Array): ContentKind | null {
  for (const signature of SIGNATURES) if (startsWith(head, signature.bytes, signature.at)) return signature.kind
  const text = Buffer.from(head.buffer, head.byteOffset, Math.min(head.length, 512)).toString('latin1')
  return WEB_PAGE.test(text) ? 'web-page' : null
}

/**
 * Text or something unknown, for bytes that are not a PDF and have no signature: text when
 * the sample is printable (tabs and line ends allowed, UTF-8 bytes too).
 */
export function textOrUnknown(sample: Uint8Array): ContentKind {
  if (sample.length === 0) return 'unknown'
  let control = 0
  for (const byte of sample) if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) control++
  return control === 0 ? 'text' : 'unknown'
}
