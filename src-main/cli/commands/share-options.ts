import { extname } from 'node:path'
import { DEFAULT_QR_OPTIONS, MIN_PRINT_DPI, QR_ECC_LEVELS, QR_FILE_TYPES, type EmbedSize, type QrEcc, type QrFileType, type QrOptions } from '../../../src-shared/domain/share'
import { parsePrintSize } from '../../core/share/qr/print-size'
import { pixelsFor } from '../../core/share/qr/print-facts'
import { CliError } from '../cli-error'
import { stringOption, type OptionValues } from '../command'
import { EXIT } from '../exit-codes'
import { intOption } from './int-option'

export const SHARE_FORMATS = ['url', 'markdown', 'html', 'embed'] as const
export type ShareFormat = (typeof SHARE_FORMATS)[number]

/** Where `flipdrop share` writes QR codes: one file, a folder of them, or none. */
export type QrTarget = { kind: 'file'; path: string; type: QrFileType } | { kind: 'dir'; dir: string; type: QrFileType } | null

export interface ShareOptions {
  format: ShareFormat
  embedSize: EmbedSize
  qr: QrTarget
  qrOptions: QrOptions
}

const usage = (message: string): CliError => new CliError(message, EXIT.usage)

function oneOf<T extends string>(values: OptionValues, name: string, allowed: readonly T[], fallback: T, normalise: (text: string) => string = (text) => text.toLowerCase()): T {
  const raw = stringOption(values, name)
  if (raw === undefined) return fallback
  const value = normalise(raw.trim()) as T
  if (!allowed.includes(value)) throw usage(`--${name} takes ${allowed.slice(0, -1).join(', ')} or ${allowed.at(-1) ?? ''}, not "${raw}".`)
  return value
}

/** `--embed-size`: responsive (16:9), 16:9, 4:3 or a4 (responsive), or a fixed WIDTHxHEIGHT. */
export function readEmbedSize(raw: string | undefined): EmbedSize {
  const text = (raw ?? 'responsive').trim().toLowerCase()
  if (text === 'responsive' || text === '16:9') return { kind: 'responsive', ratio: '16:9' }
  if (text === '4:3' || text === 'a4') return { kind: 'responsive', ratio: text }
  const fixed = /^(\d{3,4})\s*[x×]\s*(\d{3,4})$/.exec(text)
  const [width, height] = [Number(fixed?.[1]), Number(fixed?.[2])]
  if (fixed && width >= 100 && width <= 4000 && height >= 100 && height <= 4000) return { kind: 'fixed', width, height }
  throw usage(`--embed-size takes responsive, 16:9, 4:3, a4 or a size like 800x600 (100 to 4000 pixels a side), not "${raw ?? ''}".`)
}

/** The QR file's type from its extension: .svg, .png or .pdf. */
function typeOfFile(path: string): QrFileType {
  const type = extname(path).slice(1).toLowerCase()
  if ((QR_FILE_TYPES as readonly string[]).includes(type)) return type as QrFileType
  throw usage(`--qr writes .svg, .png or .pdf files; "${path}" is none of them.`)
}

/** Reads and checks every option of `flipdrop share` before anything is looked up or written. */
export function readShareOptions(values: OptionValues, refCount: number): ShareOptions {
  const format = oneOf(values, 'format', SHARE_FORMATS, 'url')
  const embedSize = readEmbedSize(stringOption(values, 'embed-size'))
  const file = stringOption(values, 'qr')
  const dir = stringOption(values, 'qr-dir')
  const qrTypeOption = stringOption(values, 'qr-type')
  if (file !== undefined && dir !== undefined) throw usage('Say --qr (one file) or --qr-dir (a folder of them), not both.')
  if (file !== undefined && refCount > 1) throw usage(`--qr writes one code, and ${String(refCount)} items were named: use --qr-dir for a folder of them.`)
  if (qrTypeOption !== undefined && dir === undefined) throw usage('--qr-type goes with --qr-dir; --qr takes the type from its file name.')
  const qr: QrTarget =
    file !== undefined ? { kind: 'file', path: file, type: typeOfFile(file) } : dir !== undefined ? { kind: 'dir', dir, type: oneOf(values, 'qr-type', QR_FILE_TYPES, 'svg') } : null
  for (const name of ['qr-size', 'dpi', 'ecc', 'force']) {
    if (qr === null && values[name] !== undefined) throw usage(`--${name} goes with --qr or --qr-dir.`)
  }
  const sizeText = stringOption(values, 'qr-size')
  const size = sizeText === undefined ? { ok: true as const, mm: DEFAULT_QR_OPTIONS.sizeMm } : parsePrintSize(sizeText)
  if (!size.ok) throw usage(`--qr-size: ${size.message}`)
  const dpi = intOption(values, 'dpi', { min: 72, max: 2400 }, DEFAULT_QR_OPTIONS.dpi)
  if (qr?.type === 'png' && dpi < MIN_PRINT_DPI) {
    throw usage(`A PNG at ${String(dpi)} dpi is not print-ready (${String(pixelsFor(size.mm, dpi))} pixels for ${String(size.mm)} mm): use --dpi ${String(MIN_PRINT_DPI)} or more; 300 is usual.`)
  }
  const ecc: QrEcc = oneOf(values, 'ecc', QR_ECC_LEVELS, DEFAULT_QR_OPTIONS.ecc, (text) => text.toUpperCase())
  return { format, embedSize, qr, qrOptions: { ...DEFAULT_QR_OPTIONS, sizeMm: size.mm, dpi, ecc } }
}
