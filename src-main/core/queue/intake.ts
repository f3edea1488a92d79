import { randomUUID } from 'node:crypto'
import type { z } from 'zod'
import { checkSourceUrl, type SourceUrlRefusal } from '../../../src-shared/domain/source-url'
import type {
  enqueuePathsSchema,
  enqueueUrlSchema,
  RefusedSource,
  replaceSchema,
  SameContentChoice,
  SameContentOffer
} from '../../../src-shared/domain/queue'
import type { DocType } from '../../../src-shared/domain/service/item'
import type { ApiClient } from '../api/api-client'
import { ServiceError } from '../api/service-error'
import { checkSourceHost } from './intake/check-source-host'
import { hashFile } from './intake/hash-file'
import type { AcceptedFile, Intake as Inspection } from './intake/inspect-paths'
import { isFinished, type FileSource, type JobRecord } from './job-record'
import { newJob } from './new-job'
import type { PlanLimitsBook } from './plan-limits'
import { nameFromFile, nameFromUrl, sizeProblem } from './preflight'
import { refusalCodeOf } from './refusal-code'
import type { PublishedItem } from './queue-journal'
import { monotonicNow } from '../clock'
import type { Said, Sentence } from '../../../src-shared/i18n/said'
import { sentence } from '../i18n/sentence'
import { told } from './said-record'

/** What an intake produced: new jobs, refusals with reasons, and offers awaiting a decision. */
export interface Intake {
  jobs: JobRecord[]
  refused: RefusedSource[]
  offers: SameContentOffer[]
}

/** Whom new jobs are for: the account (UserID) and what is known of its plan. */
export interface IntakeAccount {
  accountId: string
  limits: PlanLimitsBook
}

/**
 * Names the account new jobs are for, or throws why it cannot. Asked only once there is
 * something to queue: a bad path or link is refused for what it is, whoever is signed in.
 */
export type AccountFor = () => Promise<IntakeAccount>

/** A failed create whose request may have reached the service: its item may exist (it is being looked up). */
const mayHaveMadeItem = (job: JobRecord): boolean => job.state === 'failed' && job.kind === 'create' && job.inDoubtSince !== null && job.result === null

/** A file waiting for the user's answer to "same content already published". */
interface PendingOffer {
  file: FileSource
  /** The account the question was asked for: the answer queues for it, whoever is signed in then. */
  who: IntakeAccount
  docType: DocType
  name: string
  title: string
  items: PublishedItem[]
  /** The jobs wait, paused, until the user starts them ("Review before publishing"). */
  hold: boolean
  expiresAt: number
}

/** Offers not answered within this time are forgotten (the file can simply be added again). */
const OFFER_LIFETIME_MS = 60 * 60_000
/** Files hashed at once when many are added. */
const HASH_CONCURRENCY = 16

export interface IntakeDependencies {
  jobs(): readonly JobRecord[]
  published(account: string, sha256: string): PublishedItem[]
  /**
   * Whether an item published earlier still exists: the synced library first, the service
   * when the library cannot tell (true when neither can say: the offer is kept, never lost).
   */
  itemExists?(accountId: string, docType: DocType, itemId: number): Promise<boolean>
  /** The client of this account when its key is in use and confirmed (a replace looks its item up); null otherwise. */
  clientFor(accountId: string): ApiClient | null
  /** Checks paths (inspect-paths.ts), in the intake worker thread. */
  inspect(paths: readonly string[]): Promise<Inspection>
}

async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length)
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++
      results[index] = await work(items[index] as T)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}

/** A refusal's reason: its English, and what the window says when it was a Sentence. */
function reasonOf(words: string | Sentence | { reason: string; said?: Said }): { reason: string; said?: Said } {
  if (typeof words === 'object' && 'reason' in words) return { reason: words.reason, ...(words.said ? { said: words.said } : {}) }
  const { message, said } = told(words)
  return { reason: message, ...(said ? { said } : {}) }
}

/** A link refused by its form: a private host is one the service would not download from. */
/** A refusal carries the path too, so tell them apart by the source's type. */
const isFileSource = (entry: FileSource | RefusedSource): entry is FileSource => 'type' in entry

function linkRefusal(url: string, checked: { code: SourceUrlRefusal; reason: string }): RefusedSource {
  return { source: url, reason: checked.reason, code: checked.code === 'private-host' ? 'source-refused' : 'bad-link' }
}

/**
 * Turns what the user dropped, typed or asked for into jobs: every path and URL checked in
 * main before anything is queued, files over the plan's size refused with the reason (those
 * over its item quota are queued, and wait for room), and files whose content was published
 * before held back as offers.
 */
export class JobIntake {
  private readonly offers = new Map<string, PendingOffer>()

  constructor(private readonly deps: IntakeDependencies) {}

  /**
   * Items published earlier from the same content that still exist: a deleted one is never
   * offered as "Already published" (its file is then simply published as new).
   */
  private async stillThere(accountId: string, items: PublishedItem[]): Promise<PublishedItem[]> {
    const exists = this.deps.itemExists
    if (items.length === 0 || !exists) return items
    const kept = await Promise.all(items.map(async (item) => ((await exists(accountId, item.docType, item.itemId)) ? item : null)))
    return kept.filter((item): item is PublishedItem => item !== null)
  }

  /** The account's jobs: its plan, its waiting content and its items are its own. */
  private jobsOf(accountId: string): JobRecord[] {
    return this.deps.jobs().filter((job) => job.accountId === accountId)
  }

  private sizeRefusal(file: { fileName: string; size: number }, who: IntakeAccount): Sentence | null {
    return sizeProblem(file.fileName, file.size, who.limits.maxFileSizeBytes)
  }

  async fromPaths(input: z.output<typeof enqueuePathsSchema>, accountFor: AccountFor): Promise<Intake> {
    const { accepted, refused: refusedPaths } = await this.deps.inspect(input.paths)
    const refused: RefusedSource[] = refusedPaths.map((refusal) => {
      const code = refusalCodeOf(refusal.code)
      return { source: refusal.fileName, ...reasonOf(refusal), path: refusal.path, ...(code ? { code } : {}) }
    })
    const hashed = await mapLimited(accepted, HASH_CONCURRENCY, async (file): Promise<FileSource | RefusedSource> => {
      try {
        const { path, fileName } = file
        // Small files were hashed while they were checked; the rest are read once more here.
        if (file.sha256) return { type: 'file', path, fileName, size: file.size, mtimeMs: file.mtimeMs, sha256: file.sha256, pages: file.pages }
        return { type: 'file', path, fileName, ...(await hashFile(path)), pages: file.pages }
      } catch {
        return { source: file.fileName, ...reasonOf(sentence('coreQueue.refusal.unreadable', { file: file.fileName })), code: 'file-missing', path: file.path }
      }
    })
    const jobs: JobRecord[] = []
    const offers: SameContentOffer[] = []
    if (!hashed.some(isFileSource)) return { jobs, refused: [...refused, ...(hashed as RefusedSource[])], offers }
    const who = await accountFor()
    // A failed create that may have reached the service holds its content too: it is being
    // looked up, and publishing the file again could make a second item.
    const queued = new Map(
      this.jobsOf(who.accountId)
        .filter((job) => (!isFinished(job) || mayHaveMadeItem(job)) && job.source.type === 'file')
        .map((job) => [(job.source as FileSource).sha256, { name: job.name, jobId: job.id, doubt: isFinished(job) }])
    )
    for (const file of hashed) {
      if (!isFileSource(file)) {
        refused.push(file)
        continue
      }
      const single = accepted.length === 1
      const name = (single && input.name) || nameFromFile(file.fileName)
      const title = (single && input.title) || name
      const waiting = queued.get(file.sha256)
      if (waiting !== undefined) {
        const values = { file: file.fileName, name: waiting.name }
        const reason = waiting.doubt ? sentence('coreQueue.refusal.sentBefore', values) : sentence('coreQueue.refusal.alreadyQueued', values)
        refused.push({ source: file.fileName, ...reasonOf(reason), code: 'already-queued', path: file.path, jobId: waiting.jobId })
        continue
      }
      const tooBig = this.sizeRefusal(file, who)
      if (tooBig) {
        refused.push({ source: file.fileName, ...reasonOf(tooBig), code: 'too-large', path: file.path })
        continue
      }
      const earlier = await this.stillThere(who.accountId, this.deps.published(who.accountId, file.sha256))
      const choice: SameContentChoice | 'ask' = earlier.length > 0 ? input.onSameContent : 'new'
      if (choice === 'ask') {
        offers.push(this.offer({ file, who, docType: input.docType, name, title, items: earlier, hold: input.hold ?? false }))
        continue
      }
      const outcome = this.decided(choice, { file, who, docType: input.docType, name, title, items: earlier, hold: input.hold ?? false })
      if ('reason' in outcome) refused.push(outcome)
      else {
        jobs.push(outcome)
        queued.set(file.sha256, { name, jobId: outcome.id, doubt: false })
      }
    }
    return { jobs, refused, offers }
  }

  async fromUrl(input: z.output<typeof enqueueUrlSchema>, accountFor: AccountFor): Promise<Intake> {
    const checked = checkSourceUrl(input.url)
    if (!checked.ok) return { jobs: [], refused: [linkRefusal(input.url, checked)], offers: [] }
    const host = await checkSourceHost(checked.url)
    if (!host.ok) return { jobs: [], refused: [{ source: checked.url, reason: host.reason, code: 'source-refused' }], offers: [] }
    const name = input.name ?? nameFromUrl(checked.url)
    const who = await accountFor()
    const job = newJob({
      kind: 'create',
      source: { type: 'url', url: checked.url },
      docType: input.docType,
      accountId: who.accountId,
      name,
      title: input.title ?? name,
      paused: input.hold ?? false
    })
    return { jobs: [job], refused: [], offers: [] }
  }

  async replace(input: z.output<typeof replaceSchema>, accountFor: AccountFor): Promise<Intake> {
    const who = await accountFor()
    const target = await this.describeItem(input.itemId, input.docType, who.accountId, input.name)
    if ('gone' in target) return { jobs: [], refused: [{ source: target.name, ...reasonOf(target.gone), code: 'item-gone' }], offers: [] }
    const fields = {
      kind: 'replace' as const,
      docType: input.docType,
      accountId: who.accountId,
      name: target.name,
      title: target.name,
      targetItemId: input.itemId,
      // Waits, paused, for the user to confirm it (the window shows what changes).
      paused: input.confirmFirst === true
    }
    if (input.url !== undefined) {
      const checked = checkSourceUrl(input.url)
      if (!checked.ok) return { jobs: [], refused: [linkRefusal(input.url, checked)], offers: [] }
      const host = await checkSourceHost(checked.url)
      if (!host.ok) return { jobs: [], refused: [{ source: checked.url, reason: host.reason, code: 'source-refused' }], offers: [] }
      const job = newJob({ ...fields, source: { type: 'url', url: checked.url } })
      return { jobs: [job], refused: [], offers: [] }
    }
    const { accepted, refused } = await this.deps.inspect([input.path ?? ''])
    const file: AcceptedFile | undefined = accepted[0]
    if (!file || accepted.length !== 1) {
      const reasons = refused.map((refusal): RefusedSource => {
        const code = refusalCodeOf(refusal.code)
        return { source: refusal.fileName, ...reasonOf(refusal), path: refusal.path, ...(code ? { code } : {}) }
      })
      const notOne: RefusedSource = { source: input.path ?? '', ...reasonOf(sentence('coreQueue.refusal.oneFile')), code: 'not-a-file', path: input.path ?? '' }
      return { jobs: [], refused: reasons.length > 0 ? reasons : [notOne], offers: [] }
    }
    const tooBig = this.sizeRefusal(file, who)
    if (tooBig) return { jobs: [], refused: [{ source: file.fileName, ...reasonOf(tooBig), code: 'too-large', path: file.path }], offers: [] }
    const source: FileSource = { type: 'file', path: file.path, fileName: file.fileName, ...(await hashFile(file.path)), pages: file.pages }
    const job = newJob({ ...fields, source })
    return { jobs: [job], refused: [], offers: [] }
  }

  /**
   * A replace whose item no longer exists, as a new item: the same file or link, the same
   * name, checked against the account's plan like any create.
   */
  async asNew(job: JobRecord, who: IntakeAccount): Promise<Intake> {
    const created = newJob({
      kind: 'create',
      source: job.source,
      docType: job.docType,
      accountId: who.accountId,
      name: job.name,
      title: job.title,
      note: sentence('coreQueue.history.publishedAsNew', { name: job.name })
    })
    return { jobs: [created], refused: [], offers: [] }
  }

  /** Answers an offer: replace the item published earlier (same link), publish a new one, or skip. */
  decide(offerId: string, choice: SameContentChoice, confirmFirst = false): Intake {
    this.expireOffers()
    const offer = this.offers.get(offerId)
    if (!offer) {
      return { jobs: [], refused: [{ source: 'offer', ...reasonOf(sentence('coreQueue.refusal.expired')), code: 'expired' }], offers: [] }
    }
    this.offers.delete(offerId)
    const outcome = this.decided(choice, { ...offer, hold: offer.hold || (choice === 'replace' && confirmFirst) })
    return 'reason' in outcome ? { jobs: [], refused: [outcome], offers: [] } : { jobs: [outcome], refused: [], offers: [] }
  }

  private decided(choice: SameContentChoice, offer: Omit<PendingOffer, 'expiresAt'>): JobRecord | RefusedSource {
    const { file } = offer
    const latest = offer.items[0]
    if (choice === 'skip' && latest) {
      const reason = sentence('coreQueue.refusal.skippedSame', { file: file.fileName, name: latest.name })
      return { source: file.fileName, ...reasonOf(reason), code: 'duplicate', path: file.path }
    }
    if (choice === 'replace' && latest) {
      return newJob({
        kind: 'replace',
        source: file,
        docType: latest.docType,
        accountId: offer.who.accountId,
        name: latest.name,
        title: latest.name,
        targetItemId: latest.itemId,
        paused: offer.hold,
        note: sentence('coreQueue.history.sameContentReplace', { name: latest.name })
      })
    }
    // Over the plan it is queued all the same: it waits for room (room-waits.ts), never dropped.
    return newJob({
      kind: 'create',
      source: file,
      docType: offer.docType,
      accountId: offer.who.accountId,
      name: offer.name,
      title: offer.title,
      paused: offer.hold,
      ...(latest ? { note: sentence('coreQueue.history.sameContentNew', { name: latest.name }) } : {})
    })
  }

  private offer(pending: Omit<PendingOffer, 'expiresAt'>): SameContentOffer {
    this.expireOffers()
    const offerId = randomUUID()
    this.offers.set(offerId, { ...pending, expiresAt: monotonicNow() + OFFER_LIFETIME_MS })
    return {
      offerId,
      fileName: pending.file.fileName,
      path: pending.file.path,
      size: pending.file.size,
      docType: pending.docType,
      items: pending.items.map((item) => ({ itemId: item.itemId, name: item.name, url: item.url }))
    }
  }

  private expireOffers(): void {
    const now = monotonicNow()
    for (const [id, offer] of this.offers) if (offer.expiresAt < now) this.offers.delete(id)
  }

  /**
   * The item a replace is for, read on its own host with its account's key: its name, or a
   * placeholder when that cannot be asked now (the job checks the item before it sends).
   */
  private async describeItem(
    itemId: number,
    docType: DocType,
    accountId: string,
    known?: string
  ): Promise<{ name: string } | { name: string; gone: Sentence }> {
    // Never an ID on screen: the name the window knows, else the kind.
    const placeholder = known ?? (docType === 'Document' ? 'A document' : 'A flipbook')
    const client = this.deps.clientFor(accountId)
    if (!client) return { name: placeholder }
    try {
      const { summary } = await client.getItem(itemId, docType)
      return { name: summary.name ?? placeholder }
    } catch (error) {
      if (error instanceof ServiceError && error.kind === 'not-found') {
        return { name: placeholder, gone: docType === 'Document' ? sentence('coreQueue.refusal.documentGone') : sentence('coreQueue.refusal.flipbookGone') }
      }
      return { name: placeholder }
    }
  }
}
