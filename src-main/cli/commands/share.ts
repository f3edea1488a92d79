import { access, mkdir, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import type { ShareItem } from '../../../src-shared/domain/share'
import { embedCode } from '../../../src-shared/share/embed-code'
import { formatLink } from '../../../src-shared/share/link-formats'
import { drawQrFile, type QrFile } from '../../core/share/qr/index'
import { scanDistanceCm } from '../../core/share/qr/print-facts'
import { uniqueQrFileNames } from '../../core/share/qr/qr-file-names'
import type { CliContext } from '../cli-context'
import { CliError } from '../cli-error'
import { flag, type Command } from '../command'
import { EXIT } from '../exit-codes'
import { findItem } from './find-item'
import { itemDocType, itemRefKind } from './item-ref'
import { readShareOptions, type ShareOptions } from './share-options'

/** One item as `--json` prints it. */
interface ShareRecord {
  id: number
  name: string | null
  title: string | null
  url: string
  embedUrl: string | null
  markdown: string
  html: string
  embed: string | null
  qr: { file: string; type: QrFile['type']; sizeMm: number; modules: number; ecc: QrFile['ecc'] } | null
}

async function shareItemOf(reference: string, values: Parameters<Command['run']>[0], ctx: CliContext): Promise<ShareItem> {
  const found = await findItem(reference, itemRefKind(values, reference), ctx, itemDocType(values))
  const { summary } = found
  if (!summary.fullUrl) throw new CliError(`"${reference}" has no public link yet, so there is nothing to share.`, EXIT.failed)
  return { id: summary.id, docType: itemDocType(values), name: summary.name, title: summary.title, url: summary.fullUrl, embedUrl: summary.embedUrl, coverUrl: null }
}

const exists = (path: string): Promise<boolean> =>
  access(path).then(
    () => true,
    () => false
  )

/** Where each item's code goes (null: no codes asked for); refused before anything is written when a file exists and --force was not given. */
async function qrPaths(items: readonly ShareItem[], options: ShareOptions, cwd: string, force: boolean): Promise<(string | null)[]> {
  const { qr } = options
  if (qr === null) return items.map(() => null)
  const paths = qr.kind === 'file' ? [resolve(cwd, qr.path)] : uniqueQrFileNames([...items], qr.type).map((name) => join(resolve(cwd, qr.dir), name))
  if (!force) {
    for (const path of paths) if (await exists(path)) throw new CliError(`${path} already exists: nothing was written. Add --force to replace it.`, EXIT.usage)
  }
  return paths
}

function line(item: ShareItem, options: ShareOptions): string {
  if (options.format !== 'embed') return formatLink(item, options.format)
  return item.embedUrl ? embedCode({ ...item, embedUrl: item.embedUrl }, options.embedSize) : `# ${item.url}: the service gave no embed link for this item`
}

/** `flipdrop share <ref>…`: links in the formats people paste, and print-ready QR codes. Nothing is sent but the lookups. */
export const share: Command = {
  async run(values, positionals, ctx) {
    const options = readShareOptions(values, positionals.length)
    const items: ShareItem[] = []
    for (const reference of positionals) items.push(await shareItemOf(reference, values, ctx))
    const paths = await qrPaths(items, options, ctx.cwd, flag(values, 'force'))
    if (options.qr?.kind === 'dir') await mkdir(resolve(ctx.cwd, options.qr.dir), { recursive: true })
    const records: ShareRecord[] = []
    for (const [index, item] of items.entries()) {
      const path = paths[index] ?? null
      let qr: ShareRecord['qr'] = null
      if (path !== null && options.qr) {
        const file = await drawQrFile(item.url, options.qrOptions, options.qr.type, item.title ?? item.name ?? item.url)
        await writeFile(path, file.bytes)
        qr = { file: path, type: file.type, sizeMm: file.sizeMm, modules: file.modules, ecc: file.ecc }
      }
      records.push({
        id: item.id,
        name: item.name,
        title: item.title,
        url: item.url,
        embedUrl: item.embedUrl,
        markdown: formatLink(item, 'markdown'),
        html: formatLink(item, 'html'),
        embed: item.embedUrl ? embedCode({ ...item, embedUrl: item.embedUrl }, options.embedSize) : null,
        qr
      })
    }
    ctx.result(records, () =>
      records
        .map((record, index) => {
          const item = items[index]
          if (!record.qr || !item) return item ? line(item, options) : ''
          return `${record.qr.file}  ${String(record.qr.sizeMm)} mm, ${String(record.qr.modules)}×${String(record.qr.modules)} modules, error correction ${record.qr.ecc}, reads from up to ${String(scanDistanceCm(record.qr.sizeMm))} cm`
        })
        .join('\n')
    )
    return EXIT.ok
  }
}
