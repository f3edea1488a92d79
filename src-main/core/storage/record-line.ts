import { crc32 } from 'node:zlib'

/**
 * One record per line: `<crc32 of the JSON, 8 lowercase hex> <JSON>\n`.
 * The checksum is over the UTF-8 bytes of the JSON text. JSON.stringify never emits a raw
 * newline, so `\n` only ever ends a record and a reader can split on it without parsing.
 */

const NEWLINE = 0x0a
const SPACE = 0x20
const CRC_DIGITS = 8

/** What `decodeRecord` returns for a line that is not a whole, intact record. */
export const CORRUPT: unique symbol = Symbol('corrupt record')

/** Encodes `value` as one record line, newline included. Throws for values JSON cannot hold. */
export function encodeRecord(value: unknown): string {
  const json = JSON.stringify(value)
  // undefined, functions and symbols stringify to nothing; a record must always say something.
  if (typeof json !== 'string') throw new TypeError('A record must be a JSON value')
  return encodeJsonRecord(json)
}

/** Encodes already-serialised JSON text as one record line (for callers that build the JSON themselves). */
export function encodeJsonRecord(json: string): string {
  return `${crc32(json).toString(16).padStart(CRC_DIGITS, '0')} ${json}\n`
}

function hexValue(byte: number): number {
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30
  if (byte >= 0x61 && byte <= 0x66) return byte - 0x61 + 10
  return -1
}

/** Decodes one line (without its `\n`); CORRUPT when the checksum or the JSON does not hold. */
export function decodeRecord(line: Buffer): unknown {
  if (line.length <= CRC_DIGITS + 1 || line[CRC_DIGITS] !== SPACE) return CORRUPT
  let expected = 0
  for (let i = 0; i < CRC_DIGITS; i += 1) {
    const digit = hexValue(line[i] ?? -1)
    if (digit < 0) return CORRUPT
    // Multiplication, not <<, so the top bit does not turn the value negative.
    expected = expected * 16 + digit
  }
  const json = line.subarray(CRC_DIGITS + 1)
  if (crc32(json) !== expected) return CORRUPT
  try {
    return JSON.parse(json.toString('utf8')) as unknown
  } catch {
    // A matching checksum over invalid JSON means a bug or a collision; either way unusable.
    return CORRUPT
  }
}

/** A line of a file: its bytes without the `\n`, and whether the `\n` was there. */
export interface RawLine {
  bytes: Buffer
  /** False only for a last line cut off before its newline (a write the crash interrupted). */
  terminated: boolean
}

/** Splits file content into lines; a final fragment without `\n` is returned unterminated. */
export function splitLines(content: Buffer): RawLine[] {
  const lines: RawLine[] = []
  let start = 0
  while (start < content.length) {
    const end = content.indexOf(NEWLINE, start)
    if (end < 0) {
      lines.push({ bytes: content.subarray(start), terminated: false })
      break
    }
    lines.push({ bytes: content.subarray(start, end), terminated: true })
    start = end + 1
  }
  return lines
}
