import { z } from 'zod'
import { embedSizeSchema, LINK_FORMATS, QR_FILE_TYPES, qrOptionsSchema, shareRefSchema, type ShareItem } from '../domain/share'
import type { QrPreview, SavedFiles } from '../domain/share-results'
import { invoke } from './define'

/** Most items shared at once (a selection or a batch). */
export const MAX_SHARED = 1000
const refs = z.array(shareRefSchema).min(1).max(MAX_SHARED)
/** Longest text or HTML put on the clipboard by Share: a thousand links in rich text, with room. */
const MAX_CLIPBOARD = 2_000_000
/** Largest social card accepted from the window: a 1200×630 PNG is well under this. */
const MAX_CARD_BYTES = 8 * 1024 * 1024

/** The `share` area: links in the formats people paste, embed code, print-ready QR codes, social cards (issue 30). Nothing here talks to a network. */
export const share = {
  /** The items' names and public links, as main knows them (the library, else the queue's result); refused for an item with no public link. */
  items: invoke<ShareItem[]>()('share:items', refs),
  /** Puts text, and HTML beside it when given (rich text: mail clients and chat paste a named link), on the clipboard. */
  copy: invoke<undefined>()(
    'share:copy',
    z.object({ text: z.string().min(1).max(MAX_CLIPBOARD), html: z.string().min(1).max(MAX_CLIPBOARD).nullable() }).strict()
  ),
  /** The item's QR code drawn as the window shows it, with the facts about its print size, scanning distance and contrast. */
  qrPreview: invoke<QrPreview>()('share:qrPreview', z.object({ ref: shareRefSchema, options: qrOptionsSchema }).strict()),
  /** Saves QR codes: one item asks for a file name (OS dialog), several for a folder, one file each named after its item, never over an existing file. Null when cancelled. */
  saveQr: invoke<SavedFiles | null>()('share:saveQr', z.object({ refs, options: qrOptionsSchema, type: z.enum(QR_FILE_TYPES) }).strict()),
  /** Puts the item's QR code on the clipboard as an image (PNG at the chosen size and resolution). */
  copyQr: invoke<undefined>()('share:copyQr', z.object({ ref: shareRefSchema, options: qrOptionsSchema }).strict()),
  /** Drags the item's QR code out of the window as a file (written first to FlipDrop's own temporary folder). */
  dragQr: invoke<undefined>()('share:dragQr', z.object({ ref: shareRefSchema, options: qrOptionsSchema, type: z.enum(QR_FILE_TYPES) }).strict()),
  /** Saves a CSV of the items: name, title, link, embed code, QR file name. Null when cancelled. */
  saveCsv: invoke<SavedFiles | null>()(
    'share:saveCsv',
    z.object({ refs, embedSize: embedSizeSchema, qrType: z.enum(QR_FILE_TYPES), linkFormat: z.enum(LINK_FORMATS) }).strict()
  ),
  /** Saves a social card the window drew (a 1200×630 PNG) under a name the user picks. Null when cancelled. */
  saveSocialCard: invoke<SavedFiles | null>()(
    'share:saveSocialCard',
    z.object({ ref: shareRefSchema, png: z.instanceof(Uint8Array).refine((bytes) => bytes.byteLength <= MAX_CARD_BYTES, 'The card is too large.') }).strict()
  )
}
