import { recogniseContent, textOrUnknown, type ContentKind } from './content-kind'
import { parseAt, readBytes, type ByteSource } from './pdf-reading'
import { asBuffer, asDict, asInteger, asRef, entry, latin1, NeedMoreBytes, PdfLexer, SyntaxProblem, type PdfRef, type PdfValue } from './pdf-syntax'
import { objectAt, readSection, streamData, type XrefEntry, type XrefSection } from './pdf-xref'

/**
 * What the cheap structure check makes of a file:
 * - `pdf`: an ordinary PDF (header at the start, cross-reference data where the end of the
 *   file says, catalog and page tree found through it, unencrypted), with its page count;
 * - `unusual`: it may be a PDF, but only a real parser can tell (junk before the header or
 *   after the end, a broken or missing cross-reference, encryption, no pages…). `cutShort`:
 *   nothing marks the end of the file (no `%%EOF` in its last KiB); `header`: `%PDF-` starts
 *   a line in its first KiB;
 * - `not-pdf`: no PDF at all, and what it looks like instead.
 */
export type StructureVerdict =
  | { kind: 'pdf'; pages: number }
  | { kind: 'unusual'; why: string; cutShort: boolean; header: boolean }
  | { kind: 'not-pdf'; looksLike: ContentKind }

/** Readers look for the header in the first KiB (pdf.js does), and for the end in the last. */
export const WINDOW = 1024
/** A file without a header this small is read whole to look for PDF objects in it. */
const WHOLE_WITHOUT_HEADER = 256 * 1024
/** Sections followed through /Prev: a long chain is no ordinary file (and may be a loop). */
const MAX_SECTIONS = 64

const HEADER = Buffer.from('%PDF-', 'latin1')
const END_MARKER = Buffer.from('%%EOF', 'latin1')
/** An object header anywhere: a PDF without its header is still PDF to a reader. */
const OBJECT_HEADER = /\d+\s+\d+\s+obj\b/
/** What follows the last `startxref` of an ordinary file: its offset, then the end marker. */
const STARTXREF_TAIL = /^startxref\s+(\d{1,15})\s+%%EOF/

const find = (bytes: Uint8Array, needle: Buffer): number => asBuffer(bytes).indexOf(needle)

/** The offset the last `startxref` of the tail gives, when `%%EOF` follows it. */
function lastStartxref(tail: Uint8Array): number | undefined {
  const buffer = asBuffer(tail)
  const at = buffer.lastIndexOf('startxref', undefined, 'latin1')
  if (at === -1) return undefined
  const match = STARTXREF_TAIL.exec(buffer.toString('latin1', at, at + 48))
  return match ? Number(match[1]) : undefined
}

/** The sections of the file, newest first, from the one `startxref` names through /Prev (and hybrid /XRefStm). */
function readSections(source: ByteSource, first: number): XrefSection[] {
  const sections: XrefSection[] = []
  const seen = new Set<number>()
  let next: number | undefined = first
  while (next !== undefined) {
    if (seen.has(next) || sections.length >= MAX_SECTIONS) throw new SyntaxProblem('The sections loop.')
    seen.add(next)
    const section = readSection(source, next)
    sections.push(section)
    // A hybrid file lists its compressed objects in a stream beside the table (§7.5.8.4).
    const hybrid = asInteger(entry(section.trailer, 'XRefStm'))
    if (hybrid !== undefined && !seen.has(hybrid)) {
      seen.add(hybrid)
      sections.push(readSection(source, hybrid))
    }
    next = asInteger(entry(section.trailer, 'Prev'))
  }
  return sections
}

/** Resolves references through the sections, as a reader would. */
class Resolver {
  constructor(
    private readonly source: ByteSource,
    private readonly sections: readonly XrefSection[]
  ) {}

  private where(num: number): XrefEntry | undefined {
    for (const section of this.sections) {
      const found = section.lookup(num)
      if (found) return found
    }
    return undefined
  }

  resolve(ref: PdfRef): PdfValue {
    const found = this.where(ref.num)
    if (!found || found.kind === 'free') throw new SyntaxProblem('A needed object is missing.')
    if (found.kind === 'offset') return parseAt(this.source, found.offset, objectAt, ref.num).value
    // In an object stream (§7.5.7): the stream itself must be at an offset.
    const holder = this.where(found.stream)
    if (holder?.kind !== 'offset') throw new SyntaxProblem('An object stream is missing.')
    const stream = parseAt(this.source, holder.offset, objectAt, found.stream)
    const dict = asDict(stream.value)
    if (!dict || stream.dataAt === undefined) throw new SyntaxProblem('An object stream is not a stream.')
    const data = streamData(this.source, dict, stream.dataAt)
    const first = asInteger(entry(dict, 'First'))
    const count = asInteger(entry(dict, 'N'))
    if (first === undefined || count === undefined) throw new SyntaxProblem('An object stream has no index.')
    const index = new PdfLexer(data, 0, true)
    for (let i = 0; i < count; i++) {
      const num = index.integer()
      const offset = index.integer()
      if (num === ref.num) return new PdfLexer(data, 0, true, first + offset).value()
    }
    throw new SyntaxProblem('The object is not in its object stream.')
  }
}

/** The page count of the file through its sections, or a problem when it is not ordinary. */
function countPages(source: ByteSource, first: number): number {
  const sections = readSections(source, first)
  let root: PdfRef | undefined
  let objects = 0
  for (const section of sections) {
    // Strings and streams of an encrypted file need its key: the parser decides those.
    if (entry(section.trailer, 'Encrypt') !== undefined) throw new SyntaxProblem('The file is encrypted.')
    root ??= asRef(entry(section.trailer, 'Root'))
    objects = Math.max(objects, asInteger(entry(section.trailer, 'Size')) ?? 0)
  }
  if (!root) throw new SyntaxProblem('No catalog.')
  const resolver = new Resolver(source, sections)
  const catalog = asDict(resolver.resolve(root))
  const pagesRef = catalog ? asRef(entry(catalog, 'Pages')) : undefined
  if (!pagesRef) throw new SyntaxProblem('The catalog has no page tree.')
  const pages = asDict(resolver.resolve(pagesRef))
  const count = pages ? asInteger(entry(pages, 'Count')) : undefined
  // Each page is an object of its own: a count beyond the objects is a claim, not a count.
  if (count === undefined || count === 0 || count > objects) throw new SyntaxProblem('The page count is not plausible.')
  return count
}

/** Without a header: something else, or PDF objects only a parser can assemble. */
function withoutHeader(source: ByteSource, head: Uint8Array, tail: Uint8Array, cutShort: boolean): StructureVerdict {
  const recognised = recogniseContent(head)
  if (recognised) return { kind: 'not-pdf', looksLike: recognised }
  const sample = source.size <= WHOLE_WITHOUT_HEADER ? readBytes(source, 0, source.size) : Buffer.concat([head, tail])
  if (OBJECT_HEADER.test(latin1(sample, 0, sample.length))) return { kind: 'unusual', why: 'There is no header.', cutShort, header: false }
  return { kind: 'not-pdf', looksLike: textOrUnknown(head) }
}

/**
 * The cheap structure check of a file (more than 0 bytes): a few small reads for an ordinary
 * PDF, and never the whole of a large file. Throws MissingBytes (pdf-reading.ts) for a range
 * the source does not hold yet.
 */
export function checkStructure(source: ByteSource): StructureVerdict {
  const head = readBytes(source, 0, WINDOW)
  const tailAt = Math.max(0, source.size - WINDOW)
  const tail = tailAt === 0 ? head : readBytes(source, tailAt, WINDOW)
  const cutShort = find(tail, END_MARKER) === -1
  const header = find(head, HEADER)
  if (header === -1) return withoutHeader(source, head, tail, cutShort)
  // A header on a line of its own starts a PDF; one inside a line is only text mentioning it.
  const startsLine = header === 0 || head[header - 1] === 0x0a || head[header - 1] === 0x0d
  // Offsets in a file with bytes before its header may count from either: the parser knows.
  if (header !== 0) return { kind: 'unusual', why: 'There are bytes before the header.', cutShort, header: startsLine }
  const startxref = lastStartxref(tail)
  if (startxref === undefined) return { kind: 'unusual', why: 'The end of the file does not say where its cross-reference data is.', cutShort, header: true }
  try {
    return { kind: 'pdf', pages: countPages(source, startxref) }
  } catch (error) {
    if (error instanceof SyntaxProblem || error instanceof NeedMoreBytes) return { kind: 'unusual', why: error.message, cutShort, header: true }
    throw error
  }
}
