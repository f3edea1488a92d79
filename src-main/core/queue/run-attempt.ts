import { createHash } from 'node:crypto'
import { stat } from 'node:fs/promises'
import type { FailureCode } from '../../../src-shared/domain/queue'
import { docTypeOn } from '../../../src-shared/domain/service/item'
import type { ApiClient } from '../api/api-client'
import { FileShrankError } from '../api/multipart-upload'
import { ServiceError } from '../api/service-error'
import type { Said, Sentence } from '../../../src-shared/i18n/said'
import { sentence } from '../i18n/sentence'
import { changedSince, identityOf } from './file-identity'
import type { hashFile as HashFile } from './intake/hash-file'
import { withHistory, type JobRecord } from './job-record'
import { sizeProblem } from './preflight'
import { cannotSaveIn } from '../storage/storage-trouble'
import { mayHaveCreated } from './retry-policy'

/** What an attempt needs from the queue around it. */
export interface AttemptContext {
  /** The client of the job's own account (confirmed by whoami). */
  client: ApiClient
  /** Aborted by cancel, pause and quit: it reaches every request of the attempt. */
  signal: AbortSignal
  /** Makes the job's new record durable (fsynced) and tells the windows; resolves with it. */
  save(job: JobRecord): Promise<JobRecord>
  onProgress(sent: number, total: number): void
  /**
   * Looks up a create that may have reached the service, under its account's lookup lock,
   * and saves the outcome (adopted, absent, or a mismatch that fails the job); resolves with it.
   */
  lookUp(job: JobRecord): Promise<JobRecord>
  /** The plan's upload limit of the job's account, when known. */
  limitBytes(): number | null
  hashFile: typeof HashFile
  /** Remembers which item this content became, for "same content" offers. */
  published(job: JobRecord): Promise<void>
  /**
   * Records, durably and apart from the queue, the item a create's answer named, with the
   * SHA-256 of the bytes sent (null for a link): no later lookup takes it for another upload,
   * and the content counts as published from now on, before any check.
   */
  made(job: JobRecord, sha256: string | null): Promise<void>
}

/** How an attempt ended without throwing: published, to run again at once, or settled by a lookup. */
export type AttemptEnd = 'done' | 'again' | 'settled'

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
  /** What the window says in its language. */
  readonly said: Said

  constructor(
    words: Sentence,
    readonly retryable: boolean,
    readonly code: FailureCode
  ) {
    super(words.text)
    this.said = words.said
    this.name = 'JobProblem'
  }

  get sentence(): Sentence {
    return { text: this.message, said: this.said }
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
 * an answer, so a crash at any point can be reconciled instead of uploaded twice. Every
 * request goes to the job's own host, with its own account's client.
 */
export async function runAttempt(start: JobRecord, ctx: AttemptContext): Promise<AttemptEnd> {
  let job = start
  const fail = (cause: unknown): AttemptFailed => new AttemptFailed(cause, job)
  const docType = docTypeOn(job.host)

  if (job.state === 'verifying' && job.result && !job.replaceCreated) return verify()

  // A create that may already have happened is looked up first, before anything is said
  // about the file: "nothing was uploaded" is only said once that is known.
  if (job.kind === 'create' && job.inDoubtSince !== null && !job.result) {
    job = await ctx.lookUp(job).catch((error: unknown) => {
      throw fail(error)
    })
    if (job.state === 'failed') return 'settled'
    if (job.result && !(await savedSinceRecorded())) return verify()
    if (job.result) {
      // The item holds the version sent before the file was saved again: it gets the new one.
      job = await ctx.save(withHistory({ ...job, state: 'queued', replaceCreated: true }, sentence('coreQueue.history.newerToSameItem')))
    }
  }

  // The file as it is now: gone, grown, or changed since it was added.
  if (job.source.type === 'file') {
    const source = job.source
    const now = await statOrNull(source.path)
    if (!now) throw fail(new JobProblem(sentence('coreQueue.failure.fileMissing', { file: source.fileName }), true, 'file-missing'))
    if (now.size !== source.size || now.mtimeMs !== source.mtimeMs) {
      const fresh = await ctx.hashFile(source.path)
      job = await ctx.save(
        withHistory({ ...job, source: { ...source, ...fresh } }, sentence('coreQueue.history.fileChanged'))
      )
    }
    const tooBig = job.source.type === 'file' ? sizeProblem(job.source.fileName, job.source.size, ctx.limitBytes()) : null
    if (tooBig) throw fail(new JobProblem(tooBig, false, 'too-large'))
  }

  const replacing = job.kind === 'replace' || job.replaceCreated
  const target = job.kind === 'replace' ? job.targetItemId : (job.result?.itemId ?? null)
  // The file as the upload starts: compared again once it is sent, with the bytes that went out.
  const before = job.source.type === 'file' ? await identityOf(job.source.path) : null
  job = await ctx.save({ ...job, state: 'uploading', failure: null, inDoubtSince: replacing ? null : Date.now() })
  const sent = createHash('sha256')
  let sentDigest: string | null = null
  const sentSha = (): string => (sentDigest ??= sent.digest('hex'))
  // Whether the whole body went out: only then does the hash of what was sent describe a file.
  let wholeBodySent = false
  const options = {
    signal: ctx.signal,
    onProgress: ({ sent: bytes, total }: { sent: number; total: number }) => {
      wholeBodySent = bytes === total
      ctx.onProgress(bytes, total)
    },
    onFileChunk: (chunk: Buffer) => sent.update(chunk)
  }
  try {
    if (replacing) {
      if (target === null) throw new JobProblem(sentence('coreQueue.failure.noItemToReplace'), false, 'internal')
      if (job.source.type === 'file') await ctx.client.replacePdf(target, job.source.path, docType, options)
      else await ctx.client.replacePdfFromUrl(target, job.source.url, docType, ctx.signal)
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
          sentence('coreQueue.history.made', { name: job.name })
        )
      )
    }
  } catch (error) {
    // The answer could not be saved (a full disk): the record on disk (uploading, in doubt) is the truth.
    if (cannotSaveIn(error)) throw fail(error)
    // A body cut short by the file never made a whole request: nothing can have been created.
    const maybe = !replacing && !(error instanceof FileShrankError) && mayHaveCreated(error)
    // A save during the upload can make the service refuse what it got (half old, half new:
    // "not a PDF"), or cut the file short: that refusal is of no version the designer has.
    const source = job.source.type === 'file' ? job.source : null
    const mixed = wholeBodySent && source !== null && sentSha() !== source.sha256
    if (source && (mixed || (await changedSince(source.path, before)))) {
      if (!maybe) return sendNewVersion()
      // The answer was lost: the lookup must know the bytes that went out to recognise their
      // item; the recorded size and time stay the old ones, so the new version follows it.
      job = withHistory(
        { ...job, source: { ...source, sha256: wholeBodySent ? sentSha() : source.sha256 } },
        sentence('coreQueue.history.savedAgainChecking', { file: source.fileName })
      )
    }
    job = await ctx.save({ ...job, state: 'queued', inDoubtSince: maybe ? job.inDoubtSince : null })
    throw fail(error)
  }
  if (!replacing) {
    await ctx.made(job, job.source.type === 'file' ? sentSha() : null).catch((error: unknown) => {
      throw fail(error)
    })
  }

  // Never a mix, never a version the designer has already replaced: when the bytes that went
  // out are not the content recorded, or the file was saved again while they went (an
  // append or a rename over it leaves the bytes read unchanged), the new version is sent.
  if (job.source.type === 'file' && (sentSha() !== job.source.sha256 || (await changedSince(job.source.path, before)))) {
    return sendNewVersion()
  }
  return verify()

  /** True when the file on disk is no longer the version recorded (a save since, during or after an upload). */
  async function savedSinceRecorded(): Promise<boolean> {
    if (job.source.type !== 'file') return false
    const now = await statOrNull(job.source.path)
    return now !== null && (now.size !== job.source.size || now.mtimeMs !== job.source.mtimeMs)
  }

  /**
   * The file was saved again during its upload. An item the create already made keeps its
   * link and gets the new version (a replace), rather than a second create: the link may be
   * copied already, and a second item would leave the first as a stale duplicate.
   */
  async function sendNewVersion(): Promise<AttemptEnd> {
    if (job.source.type !== 'file') return 'again'
    const source = job.source
    const made = job.kind === 'create' && job.result !== null
    const file = source.fileName
    const line = made || job.kind === 'replace' ? sentence('coreQueue.history.savedAgainSameItem', { file }) : sentence('coreQueue.history.savedAgainUpload', { file })
    // Said and saved before reading the file again, so the old version is never taken as done.
    job = await ctx.save(
      withHistory(
        { ...job, state: 'queued', inDoubtSince: null, replaceCreated: job.replaceCreated || made },
        line
      )
    )
    // Still being written: the next attempt reads it again (its size or time differ by then).
    const fresh = await ctx.hashFile(source.path).catch(() => null)
    if (fresh) job = await ctx.save({ ...job, source: { ...source, ...fresh } })
    return 'again'
  }

  /** Reads the item back on its host: it exists, with the right name and kind; a replace also has its PDF. */
  async function verify(): Promise<AttemptEnd> {
    const itemId = job.kind === 'replace' ? job.targetItemId : (job.result?.itemId ?? null)
    if (itemId === null) throw fail(new JobProblem(sentence('coreQueue.failure.noItemToCheck'), false, 'internal'))
    const read = { signal: ctx.signal }
    let item
    try {
      item = await ctx.client.getItem(itemId, docType, read)
      if (job.kind === 'replace') await ctx.client.getPdfUrl(itemId, docType, read)
    } catch (error) {
      if (error instanceof ServiceError && error.kind === 'not-found') {
        const message =
          job.kind === 'replace' ? sentence('coreQueue.failure.replacedGone', { name: job.name }) : sentence('coreQueue.failure.madeButGone', { name: job.name })
        throw fail(new JobProblem(message, true, 'item-gone'))
      }
      throw fail(error)
    }
    const { summary } = item
    const notes: Sentence[] = []
    if (job.kind === 'create' && summary.name !== null && summary.name !== job.name) {
      notes.push(sentence('coreQueue.history.renamedByService', { name: summary.name }))
    }
    if (job.kind === 'create' && summary.docType !== null && summary.docType !== job.docType) {
      notes.push(summary.docType === 'Document' ? sentence('coreQueue.history.madeDocument') : sentence('coreQueue.history.madeFlipbook'))
    }
    const name = summary.name ?? job.name
    const checked =
      summary.pages === null
        ? sentence('coreQueue.history.checked', { name })
        : sentence('coreQueue.history.checkedPages', { name, pages: summary.pages }, summary.pages)
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
        notes.reduce((said, note) => sentence('coreQueue.history.twoSentences', { first: said, second: note }), checked)
      )
    )
    await ctx.published(job)
    return 'done'
  }
}
