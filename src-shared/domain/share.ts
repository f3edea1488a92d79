import { z } from 'zod'
import { DOC_TYPES, type DocType } from './service/item'

/*
 * Sharing a published item (issue 30): its link in the formats people paste, its embed code,
 * a print-ready QR code, a social card and an email snippet. Everything is made from what the
 * service already returned (FullURL, EmbedURL, the cover); nothing is sent anywhere.
 */

/** How a link is pasted: the bare URL, Markdown, an HTML anchor, or rich text (HTML and plain text together). */
export const LINK_FORMATS = ['url', 'markdown', 'html', 'rich'] as const
export type LinkFormat = (typeof LINK_FORMATS)[number]

/** The embed sizes offered: responsive by aspect ratio, full width at a fixed height, fixed widths, or custom. */
export const EMBED_PRESETS = ['16:9', '4:3', 'a4', 'full-width', '560', '800', '1000', 'custom'] as const
export type EmbedPreset = (typeof EMBED_PRESETS)[number]

/** An embed's size: responsive ones keep a ratio at any width; fixed ones have both sides in CSS pixels. */
export type EmbedSize =
  | { kind: 'responsive'; ratio: '16:9' | '4:3' | 'a4' }
  | { kind: 'full-width'; height: number }
  | { kind: 'fixed'; width: number; height: number }

const pixels = z.number().int().min(100).max(4000)
export const embedSizeSchema: z.ZodType<EmbedSize> = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('responsive'), ratio: z.enum(['16:9', '4:3', 'a4']) }).strict(),
  z.object({ kind: z.literal('full-width'), height: pixels }).strict(),
  z.object({ kind: z.literal('fixed'), width: pixels, height: pixels }).strict()
])

/** QR error correction: how much of the code may be damaged or covered and still read (L 7 %, M 15 %, Q 25 %, H 30 %). */
export const QR_ECC_LEVELS = ['L', 'M', 'Q', 'H'] as const
export type QrEcc = (typeof QR_ECC_LEVELS)[number]

export const QR_FILE_TYPES = ['svg', 'png', 'pdf'] as const
export type QrFileType = (typeof QR_FILE_TYPES)[number]

/** Modules of white kept around every code: the four the QR standard asks for, always. */
export const QR_QUIET_MODULES = 4

/** The print sizes offered, in millimetres, code and quiet zone together. */
export const QR_SIZE_PRESETS_MM = [20, 30, 50] as const

/** Lowest PNG resolution accepted for print. */
export const MIN_PRINT_DPI = 150

const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'A colour is written #RRGGBB.')

/** How a QR code is drawn: its printed size (quiet zone included), error correction, colours, and a PNG's resolution. */
export const qrOptionsSchema = z
  .object({
    sizeMm: z.number().min(10).max(2000),
    ecc: z.enum(QR_ECC_LEVELS),
    dark: hexColour,
    light: hexColour,
    dpi: z.number().int().min(72).max(2400)
  })
  .strict()
export type QrOptions = z.infer<typeof qrOptionsSchema>

export const DEFAULT_QR_OPTIONS: QrOptions = { sizeMm: 30, ecc: 'M', dark: '#000000', light: '#ffffff', dpi: 300 }

/** An item to share, as the window names it: its library key parts. Main reads its links itself. */
export const shareRefSchema = z.object({ id: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER), docType: z.enum(DOC_TYPES) }).strict()
export type ShareRef = z.infer<typeof shareRefSchema>

/** What main knows of an item to share: the names and links the service returned. */
export interface ShareItem {
  id: number
  docType: DocType
  name: string | null
  title: string | null
  /** The public viewer link (FullURL): what every QR code encodes. */
  url: string
  /** The public embed link (EmbedURL), null when the service gave none. */
  embedUrl: string | null
  /** The cover's public address (the service's thumbnail), null when none is known. */
  coverUrl: string | null
}
