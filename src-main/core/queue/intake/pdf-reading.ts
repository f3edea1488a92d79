import { NeedMoreBytes, PdfLexer, SyntaxProblem } from './pdf-syntax'

/**
 * The bytes of a file as the structure check reads them: all of a small file in memory, or
 * the ranges of a large one read so far. A range not read yet throws {@link MissingBytes}; the
 * driver reads it (blocking in the intake worker, with callbacks on the main thread) and runs
 * the check again, which is pure and cheap. An ordinary large file needs about six ranges.
 */
export interface ByteSource {
  readonly size: number
  /** `length` bytes at `at`, fewer at the end of the file. */
  read(at: number, length: number): Uint8Array
}

/** The check needs bytes the source does not hold yet. */
export class MissingBytes extends Error {
  constructor(
    readonly at: number,
    readonly length: number
  ) {
    super(`Bytes ${at.toString()}+${length.toString()} are not read yet.`)
    this.name = 'MissingBytes'
  }
}

/** A whole file in memory. */
export function bytesSource(bytes: Uint8Array): ByteSource {
  return { size: bytes.length, read: (at, length) => bytes.subarray(at, Math.min(bytes.length, at + length)) }
}

/** The ranges of a file of `size` bytes read so far; `add` keeps one more. */
export class RangeCache implements ByteSource {
  readonly #ranges: { at: number; bytes: Uint8Array }[] = []

  constructor(readonly size: number) {}

  add(at: number, bytes: Uint8Array): void {
    this.#ranges.push({ at, bytes })
  }

  read(at: number, length: number): Uint8Array {
    const end = Math.min(this.size, at + length)
    for (const range of this.#ranges) {
      if (range.at <= at && range.at + range.bytes.length >= end) return range.bytes.subarray(at - range.at, end - range.at)
    }
    throw new MissingBytes(at, end - at)
  }
}

/** First window read for one object or section; grown when a value runs past it. */
const FIRST_WINDOW = 4 * 1024
/** An object or trailer larger than this is not ordinary: the parser decides. */
const MAX_WINDOW = 256 * 1024

/** `length` bytes at `at` of the file (fewer at its end). */
export function readBytes(source: ByteSource, at: number, length: number): Uint8Array {
  if (at < 0 || at > source.size) throw new SyntaxProblem('An offset points outside the file.')
  return source.read(at, length)
}

/**
 * Runs `parse` (with `arg`) on a lexer at file offset `at`, reading a larger window while the
 * value continues past the one read (up to a limit). Plain functions and an argument rather
 * than a closure per call: a folder of 10,000 files makes tens of thousands of these calls.
 */
export function parseAt<T, A>(source: ByteSource, at: number, parse: (lexer: PdfLexer, arg: A) => T, arg: A, first = FIRST_WINDOW): T {
  for (let length = first; ; length *= 8) {
    const bytes = readBytes(source, at, length)
    try {
      return parse(new PdfLexer(bytes, at, at + bytes.length >= source.size), arg)
    } catch (error) {
      if (!(error instanceof NeedMoreBytes)) throw error
      if (length >= MAX_WINDOW) throw new SyntaxProblem('An object is larger than an ordinary one.')
    }
  }
}
