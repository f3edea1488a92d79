/*
 * Just enough of PDF's object syntax (ISO 32000-1 §7.2–7.3) to read a cross-reference
 * section, a trailer and a few dictionaries from a window of a file's bytes. Values that the
 * structure check never looks at (strings) are skipped, not decoded.
 */

/** A name (`/Pages`), with `#xx` escapes decoded. */
export interface PdfName {
  kind: 'name'
  name: string
}

/** An indirect reference (`12 0 R`). */
export interface PdfRef {
  kind: 'ref'
  num: number
  gen: number
}

/** A dictionary; keys are names without the slash. */
export interface PdfDict {
  kind: 'dict'
  entries: Map<string, PdfValue>
}

export interface PdfArray {
  kind: 'array'
  items: PdfValue[]
}

/** A literal or hexadecimal string; its content is of no interest here. */
export interface PdfString {
  kind: 'string'
}

export type PdfValue = null | boolean | number | PdfName | PdfRef | PdfDict | PdfArray | PdfString

/** The window ended before the value did: read a larger one and try again. */
export class NeedMoreBytes extends Error {
  constructor() {
    super('The value continues past the bytes read.')
    this.name = 'NeedMoreBytes'
  }
}

/** The bytes are not the syntax expected there. */
export class SyntaxProblem extends Error {
  constructor(what: string) {
    super(what)
    this.name = 'SyntaxProblem'
  }
}

/** Nesting deeper than any real file uses: a crafted file must not exhaust the stack. */
const MAX_DEPTH = 64

const isWhite = (byte: number): boolean => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09 || byte === 0x0c || byte === 0x00
const isDelimiter = (byte: number): boolean =>
  byte === 0x28 || byte === 0x29 || byte === 0x3c || byte === 0x3e || byte === 0x5b || byte === 0x5d || byte === 0x7b || byte === 0x7d || byte === 0x2f || byte === 0x25
const isRegular = (byte: number): boolean => !isWhite(byte) && !isDelimiter(byte)
const isDigit = (byte: number): boolean => byte >= 0x30 && byte <= 0x39

/**
 * A cursor over `bytes`, which hold the file from offset `base` on. Positions are file
 * offsets. `complete` says the window reaches the end of the file (running out is then a
 * syntax problem, not a reason to read more).
 */
export class PdfLexer {
  pos: number

  constructor(
    readonly bytes: Uint8Array,
    readonly base: number,
    readonly complete: boolean,
    start = base
  ) {
    this.pos = start
  }

  /** The byte at `pos`; running out is a problem of the file, or of the window read. */
  private at(pos: number): number {
    const byte = this.bytes[pos - this.base]
    if (byte === undefined) throw this.complete ? new SyntaxProblem('Unexpected end of file.') : new NeedMoreBytes()
    return byte
  }

  /** The byte at `pos`, or -1 past the end of a complete file; more bytes are needed otherwise. */
  private peek(pos: number): number {
    const byte = this.bytes[pos - this.base]
    if (byte !== undefined) return byte
    if (this.complete) return -1
    throw new NeedMoreBytes()
  }

  /** Skips whitespace and comments. */
  skipSpace(): void {
    for (;;) {
      const byte = this.peek(this.pos)
      if (byte !== -1 && isWhite(byte)) this.pos++
      else if (byte === 0x25) {
        let next = this.peek(this.pos)
        while (next !== -1 && next !== 0x0a && next !== 0x0d) next = this.peek(++this.pos)
      } else return
    }
  }

  /** The run of regular characters at the cursor (a keyword or a number), without moving. */
  peekWord(): string {
    this.skipSpace()
    let end = this.pos
    for (let byte = this.peek(end); byte !== -1 && isRegular(byte); byte = this.peek(++end));
    return latin1(this.bytes, this.pos - this.base, end - this.base)
  }

  /** Consumes `word` if it is the next keyword; says whether it was. */
  keyword(word: string): boolean {
    this.skipSpace()
    for (let i = 0; i < word.length; i++) if (this.peek(this.pos + i) !== word.charCodeAt(i)) return false
    const after = this.peek(this.pos + word.length)
    if (after !== -1 && isRegular(after)) return false
    this.pos += word.length
    return true
  }

  /** The digits at the cursor as a number (at most 15), or -1 when there are none; the cursor moves past them. */
  private digits(): number {
    let value = 0
    let count = 0
    for (let byte = this.peek(this.pos); byte !== -1 && isDigit(byte) && count < 16; byte = this.peek(this.pos)) {
      value = value * 10 + byte - 0x30
      count++
      this.pos++
    }
    return count === 0 || count > 15 ? -1 : value
  }

  /** Whether the byte at the cursor ends a token (a delimiter, whitespace or the end of the file). */
  private atTokenEnd(): boolean {
    const byte = this.peek(this.pos)
    return byte === -1 || !isRegular(byte)
  }

  /** The next token as a non-negative integer, or a syntax problem. */
  integer(): number {
    this.skipSpace()
    const start = this.pos
    const value = this.digits()
    if (value === -1 || !this.atTokenEnd()) {
      this.pos = start
      throw new SyntaxProblem(`Expected an integer, found "${this.peekWord().slice(0, 20)}".`)
    }
    return value
  }

  /** Moves past the end of the current line (the one EOL after `stream` or an xref header). */
  skipLineEnd(): void {
    while (this.peek(this.pos) === 0x20) this.pos++
    if (this.peek(this.pos) === 0x0d) {
      this.pos++
      if (this.peek(this.pos) === 0x0a) this.pos++
    } else if (this.peek(this.pos) === 0x0a) this.pos++
  }

  /** Parses one value (`depth` guards nesting). */
  value(depth = 0): PdfValue {
    if (depth > MAX_DEPTH) throw new SyntaxProblem('Nested too deeply.')
    this.skipSpace()
    const byte = this.at(this.pos)
    if (byte === 0x2f) return this.name()
    if (byte === 0x3c) {
      if (this.at(this.pos + 1) === 0x3c) return this.dict(depth)
      return this.hexString()
    }
    if (byte === 0x5b) return this.array(depth)
    if (byte === 0x28) return this.literalString()
    if (isDigit(byte) || byte === 0x2b || byte === 0x2d || byte === 0x2e) return this.number()
    const word = this.peekWord()
    if (word === 'true' || word === 'false' || word === 'null') {
      this.pos += word.length
      return word === 'null' ? null : word === 'true'
    }
    throw new SyntaxProblem(`Unexpected "${word.slice(0, 20)}".`)
  }

  /** A number at the cursor, or a reference (`n g R`) when an integer starts one. */
  private number(): number | PdfRef {
    const start = this.pos
    const first = this.peek(this.pos)
    const signed = first === 0x2b || first === 0x2d
    if (signed) this.pos++
    const whole = this.digits()
    let fraction = 0
    if (this.peek(this.pos) === 0x2e) {
      this.pos++
      for (let scale = 0.1, byte = this.peek(this.pos); byte !== -1 && isDigit(byte); byte = this.peek(++this.pos), scale /= 10) fraction += (byte - 0x30) * scale
    } else if (!signed && whole !== -1 && this.atTokenEnd()) {
      return this.maybeRef(whole)
    }
    if ((whole === -1 && this.pos - start <= 1) || !this.atTokenEnd()) {
      this.pos = start
      throw new SyntaxProblem(`Unexpected "${this.peekWord().slice(0, 20)}".`)
    }
    return (first === 0x2d ? -1 : 1) * (Math.max(0, whole) + fraction)
  }

  /** `num` itself, or the reference it starts ("n g R"), looked ahead without committing. */
  private maybeRef(num: number): number | PdfRef {
    const mark = this.pos
    try {
      this.skipSpace()
      const gen = this.digits()
      if (gen !== -1 && this.atTokenEnd() && this.keyword('R')) return { kind: 'ref', num, gen }
    } catch (error) {
      if (!(error instanceof SyntaxProblem)) throw error
    }
    this.pos = mark
    return num
  }

  private name(): PdfName {
    this.pos++ // the slash
    const start = this.pos
    let escaped = false
    for (let byte = this.peek(this.pos); byte !== -1 && isRegular(byte); byte = this.peek(++this.pos)) if (byte === 0x23) escaped = true
    const raw = latin1(this.bytes, start - this.base, this.pos - this.base)
    // #xx stands for the byte xx (§7.3.5); most names have none, and are the bytes as they are.
    return { kind: 'name', name: escaped ? raw.replace(/#([0-9A-Fa-f]{2})/g, (_all, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))) : raw }
  }

  private dict(depth: number): PdfDict {
    this.pos += 2
    const entries = new Map<string, PdfValue>()
    for (;;) {
      this.skipSpace()
      const byte = this.at(this.pos)
      if (byte === 0x3e) {
        if (this.at(this.pos + 1) !== 0x3e) throw new SyntaxProblem('A dictionary ends with ">>".')
        this.pos += 2
        return { kind: 'dict', entries }
      }
      if (byte !== 0x2f) throw new SyntaxProblem('A dictionary key must be a name.')
      const key = this.name().name
      entries.set(key, this.value(depth + 1))
    }
  }

  private array(depth: number): PdfArray {
    this.pos++
    const items: PdfValue[] = []
    for (;;) {
      this.skipSpace()
      if (this.at(this.pos) === 0x5d) {
        this.pos++
        return { kind: 'array', items }
      }
      items.push(this.value(depth + 1))
    }
  }

  private literalString(): PdfString {
    this.pos++
    let open = 1
    while (open > 0) {
      const byte = this.at(this.pos++)
      if (byte === 0x5c) this.pos++ // an escaped character, whatever it is
      else if (byte === 0x28) open++
      else if (byte === 0x29) open--
    }
    return { kind: 'string' }
  }

  private hexString(): PdfString {
    this.pos++
    while (this.at(this.pos) !== 0x3e) this.pos++
    this.pos++
    return { kind: 'string' }
  }
}

/** `bytes` as a Buffer, without copying (the drivers hand out Buffers already). */
export function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
}

/** Bytes `start`..`end` of `bytes` as Latin-1 text (PDF keywords are ASCII). */
export function latin1(bytes: Uint8Array, start: number, end: number): string {
  return asBuffer(bytes).toString('latin1', start, Math.min(end, bytes.length))
}

/** The entry `key` of a dictionary, or undefined. */
export function entry(dict: PdfDict, key: string): PdfValue | undefined {
  return dict.entries.get(key)
}

/** `value` when it is a non-negative integer, else undefined. */
export function asInteger(value: PdfValue | undefined): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined
}

/** `value` when it is a reference, else undefined. */
export function asRef(value: PdfValue | undefined): PdfRef | undefined {
  return typeof value === 'object' && value !== null && value.kind === 'ref' ? value : undefined
}

/** `value` when it is a dictionary, else undefined. */
export function asDict(value: PdfValue | undefined): PdfDict | undefined {
  return typeof value === 'object' && value !== null && value.kind === 'dict' ? value : undefined
}

/** The name `value` holds, else undefined. */
export function asName(value: PdfValue | undefined): string | undefined {
  return typeof value === 'object' && value !== null && value.kind === 'name' ? value.name : undefined
}

/** `value` when it is an array, else undefined. */
export function asArray(value: PdfValue | undefined): PdfValue[] | undefined {
  return typeof value === 'object' && value !== null && value.kind === 'array' ? value.items : undefined
}
