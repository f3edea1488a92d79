import { createHash } from 'node:crypto'
import { stat } from 'node:fs/promises'
import type { ApiClient } from '../api/api-client'
import { ServiceError } from '../api/service-error'
import type { hashFile as HashFile } from './intake/hash-file'
import { withHistory, type JobRecord } from './job-record'
import { sizeProblem } from './preflight'
import { findCreatedItem } from './reconcile'
import { mayHaveCreated } from './retry-policy'

/** What an attempt needs from the queue around it. */
export interface AttemptContext {
  client: ApiClient
  signal: AbortSignal
  /** Makes the job's new record durable (fsynced) and tells the windows; resolves with it. */
  save(job: JobRecord): Promise<JobRecord>
  onProgress(sent: number, total: number): void
  /** Items other jobs already published or adopted, which reconciliation must not adopt again. */
  claimed(): ReadonlySet<number>
  /** The plan's upload limit, when known. */
  limitBytes(): number | null
  hashFile: typeof HashFile
  /** Remembers which item this content became, for "same content" offers. */
  published(job: JobRecord): Promise<void>
}

/** How an attempt ended without throwing. */
export type AttemptEnd = 'done' | 'again'

/** A failed attempt: the cause, and the job as it was left (made durable). */
export class AttemptFailed extends Error {
  constructor(
    override readonly cause: unknown,
    readonly job: JobRecord
  ) {
    super(cause instanceof Error ? cause.message : String(cause))
    this.name = 'AttemptFailed'
  }
}

/** A problem with the job itself that sending again will not fix (the file is gone, too big, …). */
export class JobProblem extends Error {
  constructor(
    message: string,
    readonly retryable: boolean
  ) {
    super(message)
    this.name = 'JobProblem'
  }
}

async function statOrNull(path: string): Promise<{ size: number; mtimeMs: number } | null> {
  try {
    const found = await stat(path)
    return found.isFile() ? { size: found.size, mtimeMs: found.mtimeMs } : null
  } catch {
    return null
  }
}

/**
 * Runs one attempt of a job, making every step that matters durable before the next:
 * a create is marked "in doubt" on disk before its first byte is sent and cleared only by
 * an answer, so a crash at any point can be reconciled instead of uploaded twice.
 */
export async function runAttempt(start: JobRecord, ctx: AttemptContext): Promise<AttemptEnd> {
  let job = start
  const fail = (cause: unknown): AttemptFailed => new AttemptFailed(cause, job)

  if (job.state === 'verifying' && job.result && !job.replaceCreated) return verify()

  // The file as it is now: gone, grown, or changed since it was added.
  if (job.source.type === 'file') {
    const source = job.source
    const now = await statOrNull(source.path)
    if (!now) throw fail(new JobProblem(`${source.fileName} was moved or deleted after it was added; nothing was uploaded.`, true))
    if (now.size !== source.size || now.mtimeMs !== source.mtimeMs) {
      const fresh = await ctx.hashFile(source.path)
      job = await ctx.save(
        withHistory({ ...job, source: { ...source, ...fresh } }, 'The file changed since it was added; its new version will be uploaded.')
      )
    }
    const tooBig = job.source.type === 'file' ? sizeProblem(job.source.fileName, job.source.size, ctx.limitBytes()) : null
    if (tooBig) throw fail(new JobProblem(tooBig, false))
  }

  // A create that may already have happened is looked up, never sent blindly again.
  if (job.kind === 'create' && job.inDoubtSince !== null && !job.result) {
    const found = await findCreatedItem(ctx.client, job, ctx.claimed()).catch((error: unknown) => {
      throw fail(error)
    })
    if (found.item) {
      job = await ctx.save(
        withHistory(
          { ...job, state: 'verifying', inDoubtSince: null, result: { ...found.item, embedUrl: null, pages: null } },
          found.note
        )
      )
      return verify()
    }
    job = await ctx.save(withHistory({ ...job, inDoubtSince: null }, found.note))
  }

  const replacing = job.kind === 'replace' || job.replaceCreated
  const target = job.kind === 'replace' ? job.targetItemId : (job.result?.itemId ?? null)
  job = await ctx.save({ ...job, state: 'uploading', failure: null, inDoubtSince: replacing ? null : Date.now() })
  const sent = createHash('sha256')
  const options = {
    signal: ctx.signal,
    onProgress: ({ sent: bytes, total }: { sent: number; total: number }) => ctx.onProgress(bytes, total),
    onFileChunk: (chunk: Buffer) => sent.update(chunk)
  }
  try {
    if (replacing) {
      if (target === null) throw new JobProblem('This job has no item to replace.', false)
      if (job.source.type === 'file') await ctx.client.replacePdf(target, job.source.path, options)
      else await ctx.client.replacePdfFromUrl(target, job.source.url, ctx.signal)
      job = await ctx.save({ ...job, state: 'verifying', replaceCreated: false })
    } else {
      const fields = { name: job.name, title: job.title, docType: job.docType }
      const created =
        job.source.type === 'file'
          ? await ctx.client.createFromFile(job.source.path, fields, options)
          : await ctx.client.createFromUrl(job.source.url, fields, ctx.signal)
      job = await ctx.save(
        withHistory(
          { ...job, state: 'verifying', inDoubtSince: null, result: { itemId: created.id, url: created.url, embedUrl: null, pages: null } },
          `The service made item ${created.id}.`
        )
      )
    }
  } catch (error) {
    const maybe = !replacing && mayHaveCreated(error)
    job = await ctx.save({ ...job, state: 'queued', inDoubtSince: maybe ? job.inDoubtSince : null })
    throw fail(error)
  }

  // Never a mix: if the bytes that went out are not the content we recorded, send again.
  if (job.source.type === 'file' && sent.digest('hex') !== job.source.sha256) {
    const fresh = await ctx.hashFile(job.source.path)
    job = await ctx.save(
      withHistory(
        { ...job, state: 'queued', source: { ...job.source, ...fresh }, replaceCreated: job.kind === 'create' },
        'The file changed while it was uploading; its new version goes to the same item.'
      )
    )
    return 'again'
  }
  return verify()

  /** Reads the item back: it exists, with the right name and kind; a replace also has its PDF. */
  async function verify(): Promise<AttemptEnd> {
    const itemId = job.kind === 'replace' ? job.targetItemId : (job.result?.itemId ?? null)
    if (itemId === null) throw fail(new JobProblem('This job has no item to check.', false))
    let item
    try {
      item = await ctx.client.getItem(itemId)
      if (job.kind === 'replace') await ctx.client.getPdfUrl(itemId)
    } catch (error) {
      if (error instanceof ServiceError && error.kind === 'not-found') {
        throw fail(new JobProblem(`The service reported item ${itemId} as made, but cannot find it now.`, true))
      }
      throw fail(error)
    }
    const { summary } = item
    const notes: string[] = []
    if (job.kind === 'create' && summary.name !== null && summary.name !== job.name) {
      notes.push(`The service shows its name as “${summary.name}”.`)
    }
    if (job.kind === 'create' && summary.docType !== null && summary.docType !== job.docType) {
      notes.push(`The service made it a ${summary.docType}, not a ${job.docType}.`)
    }
    const checked = `Checked: item ${itemId} is there${summary.pages === null ? '' : ` with ${summary.pages} page${summary.pages === 1 ? '' : 's'}`}.`
    job = await ctx.save(
      withHistory(
        {
          ...job,
          state: 'done',
          failure: null,
          result: {
            itemId,
            url: summary.fullUrl || job.result?.url || '',
            embedUrl: summary.embedUrl || null,
            pages: summary.pages
          }
        },
        [checked, ...notes].join(' ')
      )
    )
    await ctx.published(job)
    return 'done'
  }
}
