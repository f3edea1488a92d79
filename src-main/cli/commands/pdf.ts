import { access, stat } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { createNetwork } from '../../core/api/http/network'
import { systemAndBundledCertificates } from '../../core/api/http/trusted-certificates'
import type { CliContext } from '../cli-context'
import { CliError } from '../cli-error'
import { flag, stringOption, type Command } from '../command'
import { EXIT } from '../exit-codes'
import { formatBytes } from '../output/job-lines'
import { safeFileName } from '../../core/library/file-name'
import { findItem } from './find-item'
import { ITEM_REF_OPTIONS, ITEM_REF_USAGE, itemDocType, itemRefKind } from './item-ref'
import { DownloadError, downloadToFile, type DownloadProgress } from '../../core/library/download-to-file'

const exists = (path: string): Promise<boolean> =>
  access(path).then(
    () => true,
    () => false
  )

/** Where the PDF goes: -o as given (into it, when it is a folder), else the item's name in the current folder. */
async function targetPath(cwd: string, output: string | undefined, defaultName: string): Promise<string> {
  if (output === undefined) return resolve(cwd, defaultName)
  const path = resolve(cwd, output)
  const info = await stat(path).catch(() => null)
  return info?.isDirectory() ? join(path, defaultName) : path
}

function refuseOverwrite(path: string): CliError {
  return new CliError(`${path} already exists; add --force to overwrite it.`, EXIT.failed)
}

function progressText(progress: DownloadProgress): string {
  const share = progress.total ? `  ${Math.floor((progress.bytes / progress.total) * 100)}%` : ''
  const of = progress.total === null ? '' : ` of ${formatBytes(progress.total)}`
  return `Downloading  ${formatBytes(progress.bytes)}${of}${share}  ${formatBytes(progress.bytesPerSecond)}/s`
}

/** The same routes to the internet as the service client: the Settings proxy, else the environment's; the OS roots too. */
async function downloadNetwork(ctx: CliContext) {
  const { settings } = await ctx.services()
  const trusted = systemAndBundledCertificates()
  return createNetwork({
    ...(settings.proxyUrl ? { proxyUrl: settings.proxyUrl } : {}),
    ...(trusted ? { trustedCertificates: trusted } : {}),
    env: ctx.env,
    log: ctx.log
  })
}

/** `flipdrop pdf <id|url|slug> [--id | --slug] [-o FILE] [--force]`: downloads an item's PDF. */
export const pdf: Command = {
  name: 'pdf',
  summary: "Download an item's PDF (to its name + .pdf here, or -o FILE).",
  usage: `pdf <id|viewer-url|cname-url|slug> ${ITEM_REF_USAGE} [-o FILE | --output FILE] [--force] [--json]`,
  options: { ...ITEM_REF_OPTIONS, output: { type: 'string', short: 'o' }, force: { type: 'boolean' } },
  positionals: [1, 1],
  async run(values, positionals, ctx) {
    const force = flag(values, 'force')
    const reference = positionals[0] ?? ''
    const docType = itemDocType(values)
    const item = await findItem(reference, itemRefKind(values, reference), ctx, docType)
    const itemId = item.summary.id
    const target = await targetPath(ctx.cwd, stringOption(values, 'output'), safeFileName(item.summary.name, '.pdf', `item-${itemId}`))
    if (!force && (await exists(target))) throw refuseOverwrite(target)
    const { client } = await ctx.services()
    const url = await client.getPdfUrl(itemId, docType)
    const network = await downloadNetwork(ctx)
    const status = ctx.statusLine()
    let bytes: number
    try {
      bytes = await downloadToFile(url, target, {
        network,
        signal: ctx.signal,
        onProgress: (progress) => status.update(progressText(progress)),
        // The file may have appeared while downloading; the check above is not enough alone.
        beforeRename: async () => {
          if (!force && (await exists(target))) throw refuseOverwrite(target)
        }
      })
    } catch (error) {
      if (ctx.signal.aborted) throw new CliError('Interrupted: the partial download was removed.', EXIT.failed)
      if (error instanceof CliError || error instanceof DownloadError) throw error
      throw new CliError(`The PDF could not be downloaded: ${error instanceof Error ? error.message : String(error)}`, EXIT.failed)
    } finally {
      status.clear()
      await network.close()
    }
    ctx.result({ path: target, bytes, itemId }, () => `Saved ${target} (${formatBytes(bytes)})`)
    return EXIT.ok
  }
}
