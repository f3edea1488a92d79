/** Names Windows keeps for devices: "CON.pdf" cannot be created there. */
const RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)$/i
/** Bytes a file name may take on common file systems (ext4, APFS, NTFS all allow 255). */
const MAX_BYTES = 200

/** Cuts a text to at most `max` UTF-8 bytes without splitting a character. */
function cutToBytes(text: string, max: number): string {
  let out = ''
  for (const char of text) {
    if (Buffer.byteLength(out + char) > max) break
    out += char
  }
  return out
}

/**
 * A file name made from an item's name that every common file system accepts: no path
 * separators or characters Windows refuses, no control characters, no leading or trailing
 * dots or spaces, not a reserved device name, at most 200 bytes, and `extension` added once.
 * Falls back to `fallback` when nothing is left.
 */
export function safeFileName(name: string | null, extension: string, fallback: string): string {
  let base = (name ?? '')
    .normalize('NFC')
    // Tabs and line breaks first, as spaces: they separate words in a name.
    .replace(/\s+/g, ' ')
    // eslint-disable-next-line no-control-regex -- control characters are what is removed here
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]/g, '-')
    .trim()
  if (base.toLowerCase().endsWith(extension.toLowerCase())) base = base.slice(0, -extension.length)
  base = cutToBytes(base, MAX_BYTES).replace(/^[\s.]+|[\s.]+$/g, '')
  if (base === '' || /^-+$/.test(base)) base = fallback
  if (RESERVED.test(base)) base = `_${base}`
  return `${base}${extension}`
}
