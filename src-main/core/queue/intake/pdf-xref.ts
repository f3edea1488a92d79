import { parseAt, readBytes, type ByteSource } from './pdf-reading'
import { decodeStreamData } from './pdf-stream-data'
import { asArray, asDict, asInteger, asName, entry, latin1, SyntaxProblem, type PdfDict, type PdfLexer, type PdfValue } from './pdf-syntax'

/*
 * Cross-reference sections (ISO 32000-1 §7.5.4 tables, §7.5.8 streams) and the lookup of an
 * object through them, newest section first.
 */

/** Where an object lives: at a file offset, or as entry `index` of object stream `stream`. */
export type XrefEntry = { kind: 'free' } | { kind: 'offset'; offset: number } | { kind: 'compressed'; stream: number; index: number }

/** One cross-reference section and the trailer (or stream dictionary) that came with it. */
export interface XrefSection {
  trailer: PdfDict
  /** The entry of object `num` in this section, or undefined when the section does not list it. */
  lookup(num: number): XrefEntry | undefined
}

/** A table's subsection: `count` entries of 20 bytes from `entriesAt`, for objects from `start`. */
interface Subsection {
  start: number
  count: number
  entriesAt: number
}

/** Most subsections or stream data bytes read: more is no ordinary file. */
const MAX_SUBSECTIONS = 10_000
const MAX_STREAM_BYTES = 32 * 1024 * 1024

/** One step of a table: a subsection header, or the trailer that ends the table. */
function tableStep(lexer: PdfLexer): Subsection | { trailer: PdfDict } {
  if (lexer.keyword('trailer')) {
    const trailer = asDict(lexer.value())
    if (!trailer) throw new SyntaxProblem('The trailer is not a dictionary.')
    return { trailer }
  }
  const start = lexer.integer()
  const count = lexer.integer()
  lexer.skipLineEnd()
  return { start, count, entriesAt: lexer.pos }
}

/** Reads the cross-reference table whose `xref` keyword is at `at`. */
function readTable(source: ByteSource, at: number): XrefSection {
  const subsections: Subsection[] = []
  let pos = at + 4
  for (let round = 0; round < MAX_SUBSECTIONS; round++) {
    const step = parseAt(source, pos, tableStep, undefined, 1024)
    if ('trailer' in step) return new TableSection(source, step.trailer, subsections)
    subsections.push(step)
    pos = step.entriesAt + step.count * 20
    if (pos > source.size) throw new SyntaxProblem('The table runs past the end of the file.')
  }
  throw new SyntaxProblem('Too many subsections.')
}

const isDigits = (bytes: Uint8Array, from: number, to: number): boolean => {
  for (let i = from; i < to; i++) if ((bytes[i] ?? 0) < 0x30 || (bytes[i] ?? 0) > 0x39) return false
  return true
}

/** A table's entries, read one at a time where they are (20 bytes each). */
class TableSection implements XrefSection {
  constructor(
    private readonly source: ByteSource,
    readonly trailer: PdfDict,
    private readonly subsections: readonly Subsection[]
  ) {}

  lookup(num: number): XrefEntry | undefined {
    // The last subsection listing an object wins, as readers do.
    for (let i = this.subsections.length - 1; i >= 0; i--) {
      const sub = this.subsections[i]
      if (!sub || num < sub.start || num >= sub.start + sub.count) continue
      // "oooooooooo ggggg n": ten digits of offset, five of generation, n or f (§7.5.4).
      const bytes = readBytes(this.source, sub.entriesAt + (num - sub.start) * 20, 20)
      const type = bytes[17]
      if (bytes.length < 18 || !isDigits(bytes, 0, 10) || bytes[10] !== 0x20 || !isDigits(bytes, 11, 16) || bytes[16] !== 0x20 || (type !== 0x6e && type !== 0x66)) {
        throw new SyntaxProblem('A table entry is not 20 bytes as it should be.')
      }
      if (type === 0x66) return { kind: 'free' }
      let offset = 0
      for (let d = 0; d < 10; d++) offset = offset * 10 + (bytes[d] ?? 0x30) - 0x30
      return { kind: 'offset', offset }
    }
    return undefined
  }
}

/** The widths (/W) and subsections (/Index) of a cross-reference stream, checked. */
function streamLayout(dict: PdfDict, decodedLength: number): { widths: [number, number, number]; ranges: [number, number][] } {
  const w = (asArray(entry(dict, 'W')) ?? []).map(asInteger)
  const [a, b, c] = w
  if (w.length !== 3 || a === undefined || b === undefined || c === undefined || b === 0 || a > 4 || b > 8 || c > 8) {
    throw new SyntaxProblem('The stream widths are not usable.')
  }
  const size = asInteger(entry(dict, 'Size'))
  const index = (asArray(entry(dict, 'Index')) ?? (size === undefined ? [] : [0, size])).map(asInteger)
  const ranges: [number, number][] = []
  for (let i = 0; i + 1 < index.length; i += 2) {
    const start = index[i]
    const count = index[i + 1]
    if (start === undefined || count === undefined) throw new SyntaxProblem('The stream index is not usable.')
    ranges.push([start, count])
  }
  const rows = ranges.reduce((sum, [, count]) => sum + count, 0)
  if (ranges.length === 0 || rows * (a + b + c) > decodedLength) throw new SyntaxProblem('The stream is shorter than its index.')
  return { widths: [a, b, c], ranges }
}

function field(data: Uint8Array, at: number, width: number): number {
  let value = 0
  for (let i = 0; i < width; i++) value = value * 256 + (data[at + i] ?? 0)
  return value
}

/** A cross-reference stream's entries, decoded in memory. */
class StreamSection implements XrefSection {
  private readonly widths: [number, number, number]
  private readonly ranges: [number, number][]

  constructor(
    readonly trailer: PdfDict,
    private readonly data: Uint8Array
  ) {
    const layout = streamLayout(trailer, data.length)
    this.widths = layout.widths
    this.ranges = layout.ranges
  }

  lookup(num: number): XrefEntry | undefined {
    const [typeWidth, secondWidth, thirdWidth] = this.widths
    const rowLength = typeWidth + secondWidth + thirdWidth
    let row = 0
    for (const [start, count] of this.ranges) {
      if (num >= start && num < start + count) {
        const at = (row + num - start) * rowLength
        // A type field of width 0 means type 1 (§7.5.8.2).
        const type = typeWidth === 0 ? 1 : field(this.data, at, typeWidth)
        const second = field(this.data, at + typeWidth, secondWidth)
        const third = field(this.data, at + typeWidth + secondWidth, thirdWidth)
        if (type === 0) return { kind: 'free' }
        if (type === 1) return { kind: 'offset', offset: second }
        if (type === 2) return { kind: 'compressed', stream: second, index: third }
        return undefined // a type from a later PDF version: a null reference, as readers treat it
      }
      row += count
    }
    return undefined
  }
}

/** An indirect object's header (`num gen obj`, `num` when given) and its value, parsed at the lexer. */
export function objectAt(lexer: PdfLexer, num: number | undefined): { num: number; value: PdfValue; dataAt?: number } {
  const found = lexer.integer()
  lexer.integer()
  if (!lexer.keyword('obj')) throw new SyntaxProblem('Expected an object.')
  if (num !== undefined && found !== num) throw new SyntaxProblem('The offset points at another object.')
  const value = lexer.value()
  if (!asDict(value) || !lexer.keyword('stream')) return { num: found, value }
  lexer.skipLineEnd()
  return { num: found, value, dataAt: lexer.pos }
}

/** The data of a stream object whose data starts at `dataAt`, decoded. */
export function streamData(source: ByteSource, dict: PdfDict, dataAt: number): Uint8Array {
  // An indirect /Length would need another lookup: ordinary writers put the number here.
  const length = asInteger(entry(dict, 'Length'))
  if (length === undefined || length > MAX_STREAM_BYTES || dataAt + length > source.size) throw new SyntaxProblem('The stream length is not usable.')
  return decodeStreamData(dict, readBytes(source, dataAt, length))
}

/**
 * The section at file offset `at`: a table, or a cross-reference stream object.
 */
export function readSection(source: ByteSource, at: number): XrefSection {
  const head = readBytes(source, at, 4)
  if (latin1(head, 0, 4) === 'xref') return readTable(source, at)
  const object = parseAt(source, at, objectAt, undefined)
  const dict = asDict(object.value)
  if (!dict || asName(entry(dict, 'Type')) !== 'XRef' || object.dataAt === undefined) {
    throw new SyntaxProblem('No cross-reference section where the file says.')
  }
  return new StreamSection(dict, streamData(source, dict, object.dataAt))
}
