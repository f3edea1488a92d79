import { crc32 } from 'node:zlib'

/*
 * The bytes of the readers' history (issue 32). Written by hand rather than as JSON lines: a year
 * of daily counts for 10,000 items is 3.65 million samples, and the budget is 20 MB, so a sample
 * must take about four bytes. Counts are kept as varint deltas from the item's previous value
 * (a day's views fit in one or two bytes), and only the fields that changed are written.
 */

/** Grows as bytes are written; `bytes()` is what was written. */
export class ByteWriter {
  private buffer = new Uint8Array(1024)
  private length = 0

  private room(extra: number): void {
    if (this.length + extra <= this.buffer.length) return
    let size = this.buffer.length * 2
    while (size < this.length + extra) size *= 2
    const grown = new Uint8Array(size)
    grown.set(this.buffer.subarray(0, this.length))
    this.buffer = grown
  }

  byte(value: number): void {
    this.room(1)
    this.buffer[this.length++] = value & 0xff
  }

  /** An unsigned whole number (up to 2^53) in 7-bit groups, low first. */
  varint(value: number): void {
    this.room(8)
    let rest = value
    while (rest >= 0x80) {
      this.buffer[this.length++] = (rest % 0x80) | 0x80
      rest = Math.floor(rest / 0x80)
    }
    this.buffer[this.length++] = rest
  }

  /** A signed whole number, small either way (zigzag): a count that went down stays short. */
  signed(value: number): void {
    this.varint(value >= 0 ? value * 2 : -value * 2 - 1)
  }

  raw(bytes: Uint8Array): void {
    this.room(bytes.length)
    this.buffer.set(bytes, this.length)
    this.length += bytes.length
  }

  bytes(): Uint8Array {
    return this.buffer.subarray(0, this.length)
  }
}

/** A bad frame: the reader stops there (a torn tail, or damage). */
export class TruncatedData extends Error {}

export class ByteReader {
  offset: number

  constructor(
    readonly bytes: Uint8Array,
    start = 0,
    readonly end = bytes.length
  ) {
    this.offset = start
  }

  get done(): boolean {
    return this.offset >= this.end
  }

  byte(): number {
    if (this.offset >= this.end) throw new TruncatedData('Ends early')
    return this.bytes[this.offset++] as number
  }

  varint(): number {
    const bytes = this.bytes
    let offset = this.offset
    // Most numbers are one byte (a day's change): the fast path.
    if (offset < this.end) {
      const first = bytes[offset] as number
      if (first < 0x80) {
        this.offset = offset + 1
        return first
      }
    }
    let value = 0
    let scale = 1
    for (;;) {
      if (offset >= this.end) throw new TruncatedData('Ends early')
      const byte = bytes[offset++] as number
      value += (byte & 0x7f) * scale
      if (byte < 0x80) {
        this.offset = offset
        return value
      }
      scale *= 0x80
      if (scale > 2 ** 56) throw new TruncatedData('A number too long')
    }
  }

  signed(): number {
    const value = this.varint()
    return value % 2 === 0 ? value / 2 : -(value + 1) / 2
  }

  take(length: number): Uint8Array {
    if (this.offset + length > this.end) throw new TruncatedData('Ends early')
    const slice = this.bytes.subarray(this.offset, this.offset + length)
    this.offset += length
    return slice
  }
}

/** Every frame starts with this byte: a frame boundary is recognisable. */
const MAGIC = 0xf5

/**
 * A frame: magic, type, payload length, payload, CRC-32 of type + length + payload. A frame is
 * appended whole or, after a crash, torn: the reader keeps every frame before a torn one.
 */
export function encodeFrame(type: number, payload: Uint8Array): Uint8Array {
  const head = new ByteWriter()
  head.byte(MAGIC)
  head.byte(type)
  head.varint(payload.length)
  const headBytes = head.bytes()
  const frame = new Uint8Array(headBytes.length + payload.length + 4)
  frame.set(headBytes)
  frame.set(payload, headBytes.length)
  const sum = crc32(frame.subarray(1, headBytes.length + payload.length))
  new DataView(frame.buffer).setUint32(headBytes.length + payload.length, sum, true)
  return frame
}

export interface Frame {
  type: number
  payload: Uint8Array
}

/**
 * The whole frames of a file, in order, and where the good part ends: bytes after `goodEnd`
 * are a torn or damaged tail (cut off before the next append).
 */
export function readFrames(bytes: Uint8Array): { frames: Frame[]; goodEnd: number } {
  const frames: Frame[] = []
  const reader = new ByteReader(bytes)
  let goodEnd = 0
  try {
    while (!reader.done) {
      if (reader.byte() !== MAGIC) break
      const type = reader.byte()
      const length = reader.varint()
      const payload = reader.take(length)
      const sum = new DataView(bytes.buffer, bytes.byteOffset + reader.offset, Math.min(4, reader.end - reader.offset))
      if (sum.byteLength < 4) break
      const expected = crc32(bytes.subarray(goodEnd + 1, reader.offset))
      if (sum.getUint32(0, true) !== expected) break
      reader.offset += 4
      frames.push({ type, payload })
      goodEnd = reader.offset
    }
  } catch (error) {
    if (!(error instanceof TruncatedData)) throw error
  }
  return { frames, goodEnd }
}
