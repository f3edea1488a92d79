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
import { itemDocType, itemRefKind } from './item-ref'
import { DownloadError, downloadToFile, type DownloadProgress } from '../../core/library/download-to-file'
import { downloadToStream } from './pdf-to-stdout'

/** `-o -`: the PDF goes to stdout, as curl -o - and most Unix tools do. */
const STDOUT = '-'

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
  const { settings, proxyPassword } = await ctx.services()
  const trusted = systemAndBundledCertificates()
  return createNetwork({
    ...(settings.proxyUrl ? { proxyUrl: settings.proxyUrl, proxyPassword } : {}),
    ...(trusted ? { trustedCertificates: trusted } : {}),
    env: ctx.env,
    log: ctx.log
  })
}

/** Refuses what cannot work before anything is asked of the service: PDF bytes on a terminal, or beside --json. */
function checkStdout(ctx: CliContext, output: string | undefined): boolean {
  if (output !== STDOUT) return false
  if (ctx.json) throw new CliError('-o - writes the PDF itself to stdout, so --json has nowhere to go; leave one out.', EXIT.usage)
  if (ctx.terminal.stdoutTty) throw new CliError('-o - writes the PDF to stdout, which is this terminal; pipe it into a program or give -o FILE.', EXIT.usage)
  return true
}

/** `flipdrop pdf <id|url|slug> [--id | --slug] [-o FILE | -o -] [--force]`: downloads an item's PDF. */
export const pdf: Command = {
  async run(values, positionals, ctx) {
    const force = flag(values, 'force')
    const output = stringOption(values, 'output')
    const toStdout = checkStdout(ctx, output)
    const reference = positionals[0] ?? ''
    const docType = itemDocType(values)
    const item = await findItem(reference, itemRefKind(values, reference), ctx, docType)
    const itemId = item.summary.id
    const target = toStdout ? STDOUT : await targetPath(ctx.cwd, output, safeFileName(item.summary.name, '.pdf', `item-${itemId}`))
    if (!toStdout && !force && (await exists(target))) throw refuseOverwrite(target)
    const { client } = await ctx.services()
    const url = await client.getPdfUrl(itemId, docType)
    const network = await downloadNetwork(ctx)
    const status = ctx.statusLine()
    const onProgress = (progress: DownloadProgress): void => status.update(progressText(progress))
    let bytes: number
    try {
      bytes = toStdout
        ? await downloadToStream(url, ctx.stdout, { network, signal: ctx.signal, onProgress })
        : await downloadToFile(url, target, {
            network,
            signal: ctx.signal,
            onProgress,
            // The file may have appeared while downloading; the check above is not enough alone.
            beforeRename: async () => {
              if (!force && (await exists(target))) throw refuseOverwrite(target)
            }
          })
    } catch (error) {
      // After Ctrl+C the runner says what is left (the spec's sentence): the error is only the abort.
      if (ctx.signal.aborted) throw error
      if (error instanceof CliError || error instanceof DownloadError) throw error
      throw new CliError(`The PDF could not be downloaded: ${error instanceof Error ? error.message : String(error)}`, EXIT.failed)
    } finally {
      status.clear()
      await network.close()
    }
    // On stdout the PDF is the output: what was saved is said on stderr, or not at all in a script.
    if (toStdout) return EXIT.ok
    ctx.result({ path: target, bytes, itemId }, () => `Saved ${target} (${formatBytes(bytes)})`)
    return EXIT.ok
  }
}
