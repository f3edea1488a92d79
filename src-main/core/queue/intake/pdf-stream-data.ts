import { inflateSync } from 'node:zlib'
import { asArray, asDict, asInteger, asName, entry, SyntaxProblem, type PdfDict } from './pdf-syntax'

/**
 * Most bytes a cross-reference or object stream may decode to here. Real ones are a few
 * hundred KiB at most; a bomb must not take the intake worker's memory.
 */
const MAX_DECODED_BYTES = 64 * 1024 * 1024

/** The one filter the structure check decodes: what writers use for these streams. */
function filterOf(dict: PdfDict): string | null {
  const filter = entry(dict, 'Filter')
  if (filter === undefined || filter === null) return null
  const names = asArray(filter) ?? [filter]
  if (names.length === 0) return null
  if (names.length > 1) throw new SyntaxProblem('More than one filter.')
  const name = asName(names[0])
  if (name !== 'FlateDecode' && name !== 'Fl') throw new SyntaxProblem(`Filter ${name ?? '?'} is not read here.`)
  return name
}

/** Undoes the PNG predictors (ISO 32000-1 §7.4.4.4) for rows of `columns` one-byte samples. */
function unpredictPng(data: Uint8Array, columns: number): Uint8Array {
  const rowLength = columns + 1
  if (data.length % rowLength !== 0) throw new SyntaxProblem('Predicted rows do not fit the data.')
  const rows = data.length / rowLength
  const out = new Uint8Array(rows * columns)
  for (let row = 0; row < rows; row++) {
    const type = data[row * rowLength] ?? 0
    const at = row * columns
    for (let column = 0; column < columns; column++) {
      const raw = data[row * rowLength + 1 + column] ?? 0
      const left = column > 0 ? (out[at + column - 1] ?? 0) : 0
      const up = row > 0 ? (out[at - columns + column] ?? 0) : 0
      const upLeft = row > 0 && column > 0 ? (out[at - columns + column - 1] ?? 0) : 0
      let predicted: number
      if (type === 0) predicted = 0
      else if (type === 1) predicted = left
      else if (type === 2) predicted = up
      else if (type === 3) predicted = (left + up) >> 1
      else if (type === 4) {
        const p = left + up - upLeft
        const pa = Math.abs(p - left)
        const pb = Math.abs(p - up)
        const pc = Math.abs(p - upLeft)
        predicted = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft
      } else throw new SyntaxProblem('Unknown PNG predictor.')
      out[at + column] = (raw + predicted) & 0xff
    }
  }
  return out
}

/**
 * The decoded data of a stream whose dictionary is `dict`: unfiltered or Flate, with no
 * predictor or a PNG one over one-byte samples. Anything else is a {@link SyntaxProblem}
 * (the parser decides such files).
 */
export function decodeStreamData(dict: PdfDict, raw: Uint8Array): Uint8Array {
  if (filterOf(dict) === null) return raw
  let data: Uint8Array
  try {
    data = inflateSync(raw, { maxOutputLength: MAX_DECODED_BYTES })
  } catch {
    throw new SyntaxProblem('The stream does not inflate.')
  }
  const params = asDict(entry(dict, 'DecodeParms')) ?? asDict(asArray(entry(dict, 'DecodeParms'))?.[0])
  const predictor = params ? (asInteger(entry(params, 'Predictor')) ?? 1) : 1
  if (predictor === 1) return data
  const colors = params ? (asInteger(entry(params, 'Colors')) ?? 1) : 1
  const bits = params ? (asInteger(entry(params, 'BitsPerComponent')) ?? 8) : 8
  if (predictor < 10 || colors !== 1 || bits !== 8) throw new SyntaxProblem('Predictor not read here.')
  const columns = params ? (asInteger(entry(params, 'Columns')) ?? 1) : 1
  if (columns < 1) throw new SyntaxProblem('No columns.')
  return unpredictPng(data, columns)
}
