import type { EmbedSize, LinkFormat, QrFileType, ShareItem } from '../../../src-shared/domain/share'
import { embedCode } from '../../../src-shared/share/embed-code'
import { formatLink } from '../../../src-shared/share/link-formats'
import { csvCell } from '../queue/export-csv'
import { uniqueQrFileNames } from './qr/qr-file-names'

/** The columns, in the words of the window. */
const HEADER = ['Name', 'Title', 'Link', 'Embed code', 'QR file'] as const

/**
 * The shared items as CSV (UTF-8 with a BOM so Excel reads accents and CJK, CRLF lines, cells
 * made safe by csvCell): the link in the format chosen (rich text's plain side: the URL), the
 * embed code at the size chosen, and the file name "Save QR codes…" gives each item's code.
 */
export function shareCsv(items: readonly ShareItem[], options: { linkFormat: LinkFormat; embedSize: EmbedSize; qrType: QrFileType }): string {
  const qrNames = uniqueQrFileNames([...items], options.qrType)
  const lines = [HEADER.join(',')]
  items.forEach((item, index) => {
    const embed = item.embedUrl ? embedCode({ ...item, embedUrl: item.embedUrl }, options.embedSize) : null
    lines.push([item.name, item.title, formatLink(item, options.linkFormat), embed, qrNames[index] ?? null].map(csvCell).join(','))
  })
  return `\uFEFF${lines.join('\r\n')}\r\n`
}
