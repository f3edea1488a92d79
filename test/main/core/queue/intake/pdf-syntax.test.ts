import { describe, expect, it } from 'vitest'
import { NeedMoreBytes, PdfLexer, SyntaxProblem, type PdfValue } from '../../../../../src-main/core/queue/intake/pdf-syntax'

const lexer = (text: string, complete = true) => new PdfLexer(Buffer.from(text, 'latin1'), 0, complete)
const parse = (text: string): PdfValue => lexer(text).value()

describe('the PDF object syntax the structure check reads', () => {
  it('reads dictionaries with references, names (#xx escapes), numbers, arrays, strings and comments', () => {
    const value = parse('<< /Type /Pages % a comment\n /Kids [3 0 R 4 0 R] /Count 2 /Name#20Two /A#42 /Scale -1.5 /Dot .25 /T (a (nested) \\) string) /H <0A1B> /Ok true /No null >>')
    expect(value).toEqual({
      kind: 'dict',
      entries: new Map<string, PdfValue>([
        ['Type', { kind: 'name', name: 'Pages' }],
        [
          'Kids',
          {
            kind: 'array',
            items: [
              { kind: 'ref', num: 3, gen: 0 },
              { kind: 'ref', num: 4, gen: 0 }
            ]
          }
        ],
        ['Count', 2],
        ['Name Two', { kind: 'name', name: 'AB' }],
        ['Scale', -1.5],
        ['Dot', 0.25],
        ['T', { kind: 'string' }],
        ['H', { kind: 'string' }],
        ['Ok', true],
        ['No', null]
      ])
    })
  })

  it('tells two integers from a reference by looking ahead without committing', () => {
    expect(parse('[1 2 3]')).toEqual({ kind: 'array', items: [1, 2, 3] })
    expect(parse('[1 2 R 3]')).toEqual({ kind: 'array', items: [{ kind: 'ref', num: 1, gen: 2 }, 3] })
    const header = lexer('12 0 obj')
    expect([header.integer(), header.integer(), header.keyword('obj')]).toEqual([12, 0, true])
  })

  it('asks for more bytes when a window ends inside a value, and calls a file that ends there broken', () => {
    expect(() => lexer('<< /Count 2', false).value()).toThrow(NeedMoreBytes)
    expect(() => lexer('<< /Count 2', true).value()).toThrow(SyntaxProblem)
    expect(() => lexer('12 0 ob').integer()).not.toThrow()
    expect(() => lexer('Tf 12').integer()).toThrow(/Expected an integer, found "Tf"/)
  })

  it('refuses nesting deeper than any real file uses', () => {
    expect(() => parse(`${'['.repeat(100)}${']'.repeat(100)}`)).toThrow(/Nested too deeply/)
  })
})
