import { stat } from 'node:fs/promises'
import { setTimeout as sleep } from 'node:timers/promises'
import { docTypeOn } from '../../../src-shared/domain/service/item'
import type { ApiClient } from '../api/api-client'
import { hashDownload, type HashedDownload } from '../api/http/hash-download'
import type { Network } from '../api/http/network'
import { ServiceError } from '../api/service-error'
import type { Sentence } from '../../../src-shared/i18n/said'
import { sentence } from '../i18n/sentence'
import { hashFile } from './intake/hash-file'
import { failureOf, withHistory, type JobRecord } from './job-record'
import { findCreatedItem, type LookupContext, type Reconciled, type StoredRead } from './reconcile'

/** What the lookups need from the queue around them. */
export interface InDoubtLookupsDependencies {
  jobs(): readonly JobRecord[]
  /** Items of the job's account and host that other jobs of this data folder made or took, cleared ones included. */
  madeByOthers(job: JobRecord): ReadonlySet<number>
  /** Records, apart from the queue, that a lookup took an item for this job (after the job was saved). */
  adopted(job: JobRecord, sha256: string): Promise<void>
  /** The connections the client uses (proxy, trusted roots), for reading stored PDFs back. */
  network(): Network
  /** The plan's upload limit for an account, when known: the most a link's PDF may be. */
  limitBytes(accountId: string | null): number | null
  save(job: JobRecord): Promise<JobRecord>
  /** How long "absent" waits for a second look (default IN_DOUBT_SETTLE_MS). */
  settleMs?: number
}

/**
 * A create in doubt may still be in the service's hands: it had the whole request and goes on
 * with it after the sender stopped waiting (this run gave up on a slow answer, or a proxy
 * answered 5xx, or an earlier run crashed or was killed mid-request), and a busy service takes
 * its time. A lookup at once then finds nothing, the file is sent again, and two items appear:
 * seen in the 20-PDF SIGKILL test, and in the 401 test when a loaded machine made the
 * emulator's create outlast the client's answer timeout. So "absent" is believed only after a
 * second look this long after the first (for an earlier run's create, once this long has
 * passed since it started). A setting of the core (`queue.inDoubtSettleMs`).
 */
export const IN_DOUBT_SETTLE_MS = 5_000

/** How a link's PDF is compared when the plan's limit is unknown (the service's own cap stays the final word). */
const UNKNOWN_LIMIT_BYTES = 2 * 1024 ** 3

/**
 * Looks up creates that may have reached the service, one at a time per account and host,
 * and saves what each found before the next one starts: so an item one job adopted is never
 * adopted by another, however the lookups interleave with the rest of the queue.
 */
export class InDoubtLookups {
  private readonly chains = new Map<string, Promise<unknown>>()
  /** Attempts that began before this are an earlier run's (see IN_DOUBT_SETTLE_MS). */
  private readonly startedAt = Date.now()

  constructor(private readonly deps: InDoubtLookupsDependencies) {}

  /**
   * Looks the job's item up and saves the outcome: adopted (state verifying, with its
   * result), absent (no longer in doubt: sending again is safe), or a mismatch (failed, for
   * the user to decide). `settle` turns the outcome into the record to save. Resolves with it.
   */
  lookUp(
    job: JobRecord,
    client: ApiClient,
    signal: AbortSignal,
    settle: (job: JobRecord, found: Reconciled) => JobRecord
  ): Promise<JobRecord> {
    const lane = `${job.accountId ?? ''}|${job.host}`
    const previous = this.chains.get(lane) ?? Promise.resolve()
    const run = previous.then(async () => {
      signal.throwIfAborted()
      const context = await this.context(job, client, signal)
      let found = await findCreatedItem(job, context)
      const since = job.inDoubtSince
      const settleMs = this.deps.settleMs ?? IN_DOUBT_SETTLE_MS
      // An earlier run's create started before the wait (wall times of two runs: a clock set
      // back since cannot stretch it past its length); this run's ended just before this look.
      const wait = since !== null && since < this.startedAt ? Math.min(settleMs, since + settleMs - Date.now()) : settleMs
      if (found.outcome === 'absent' && wait > 0) {
        await sleep(wait, undefined, { signal })
        found = await findCreatedItem(job, context)
      }
      // The freshest record: the job may have been renamed or paused while this waited its turn.
      const current = this.deps.jobs().find((entry) => entry.id === job.id) ?? job
      const saved = await this.deps.save(settle(current, found))
      if (found.outcome === 'adopt') await this.deps.adopted(saved, found.sha256)
      return saved
    })
    const tail = run.catch(() => undefined)
    this.chains.set(lane, tail)
    void tail.then(() => {
      if (this.chains.get(lane) === tail) this.chains.delete(lane)
    })
    return run
  }

  private async context(job: JobRecord, client: ApiClient, signal: AbortSignal): Promise<LookupContext> {
    const content = await this.expectedContent(job, signal)
    const docType = docTypeOn(job.host)
    const network = this.deps.network()
    return {
      client,
      signal,
      expected: content.expected,
      expectedPages: content.pages,
      expectedBytes: content.bytes,
      storedRead: async (itemId): Promise<StoredRead> => {
        const url = await client.getPdfUrl(itemId, docType, { signal })
        // Read a little past our size: a rewritten copy of about our size is still worth naming.
        const maxBytes = Math.max(content.maxBytes * 2, content.maxBytes + 1024 * 1024)
        const read = await readOrWait(() => hashDownload(url, { network, signal, maxBytes, what: 'The stored PDF' }), signal, storedTrouble(job))
        return read.kind === 'hashed' ? { sha256: read.sha256, bytes: read.bytes } : { sha256: null, bytes: read.bytes }
      },
      claimed: () => {
        const ids = new Set<number>(this.deps.madeByOthers(job))
        for (const other of this.deps.jobs()) {
          if (other.id === job.id || !other.result || other.kind !== 'create') continue
          if (other.accountId === job.accountId && other.host === job.host) ids.add(other.result.itemId)
        }
        return ids
      }
    }
  }

  /** The contents this upload may have sent, the largest of them, and its pages and size when known. */
  private async expectedContent(
    job: JobRecord,
    signal: AbortSignal
  ): Promise<{ expected: Set<string>; maxBytes: number; pages: number | null; bytes: number | null }> {
    const source = job.source
    if (source.type === 'url') {
      // The service downloaded the link itself: what the link serves now is what it stored.
      const limit = this.deps.limitBytes(job.accountId) ?? UNKNOWN_LIMIT_BYTES
      const network = this.deps.network()
      const read = await readOrWait(() => hashDownload(source.url, { network, signal, maxBytes: limit, what: 'The PDF at its link' }), signal, sourceTrouble(source.url))
      return read.kind === 'hashed'
        ? { expected: new Set([read.sha256]), maxBytes: read.bytes, pages: null, bytes: read.bytes }
        : { expected: new Set(), maxBytes: 0, pages: null, bytes: null }
    }
    const expected = new Set([source.sha256])
    let maxBytes = source.size
    const now = await stat(source.path).catch(() => null)
    if (now?.isFile() && (now.size !== source.size || now.mtimeMs !== source.mtimeMs)) {
      // Changed since it was recorded: the crash may have come after the new bytes went out.
      const fresh = await hashFile(source.path).catch(() => null)
      if (fresh) {
        expected.add(fresh.sha256)
        maxBytes = Math.max(maxBytes, fresh.size)
      }
    }
    return { expected, maxBytes, pages: source.pages, bytes: source.size }
  }
}

/** Why a stored PDF could not be read back, in words that name it. */
const storedTrouble = (job: JobRecord) => (detail: string): Sentence =>
  job.source.type === 'file'
    ? sentence('coreQueue.lookup.storedUnreadableFile', { name: job.name, file: job.source.fileName, detail })
    : sentence('coreQueue.lookup.storedUnreadableLink', { name: job.name, detail })

/** Why a link's PDF could not be read to compare it, in words that name the link. */
const sourceTrouble = (url: string) => (detail: string): Sentence => sentence('coreQueue.lookup.sourceUnreadable', { url, detail })

/**
 * A download a lookup needs (a stored PDF, a link's PDF) that fails is a passing state, never
 * the job's end: the link's server not answering for a moment, a connection cut mid-read
 * ("other side closed"). It becomes network trouble, which the queue retries with backoff,
 * with a message that names the file that could not be read. A stop (cancel, pause) stays one.
 */
async function readOrWait(read: () => Promise<HashedDownload>, signal: AbortSignal, words: (detail: string) => Sentence): Promise<HashedDownload> {
  try {
    return await read()
  } catch (error) {
    if (signal.aborted) throw error
    const detail = error instanceof Error ? error.message.replace(/\.$/, '') : String(error)
    throw new ServiceError('network', words(detail), { delivery: 'unknown', cause: error })
  }
}

/** The history line and record of a lookup's outcome, for an attempt that goes on afterwards. */
export function settleForAttempt(job: JobRecord, found: Reconciled): JobRecord {
  switch (found.outcome) {
    case 'adopt':
      return withHistory({ ...job, state: 'verifying', inDoubtSince: null, result: { ...found.item, embedUrl: null, pages: null } }, found.note)
    case 'absent':
      return withHistory({ ...job, inDoubtSince: null }, found.note)
    case 'mismatch':
      return withHistory(
        {
          ...job,
          state: 'failed',
          inDoubtSince: null,
          failure: failureOf(sentence('coreQueue.lookup.uncertainRetry', { note: found.note }), true, 'uncertain')
        },
        found.note
      )
    case 'uncertain-content': {
      // What the designer decides about an item that matches in all but its stored bytes.
      const message = sentence('coreQueue.lookup.lookalikeQuestion', { note: found.note })
      return withHistory(
        {
          ...job,
          state: 'failed',
          inDoubtSince: null,
          lookalike: found.item,
          // No Retry here: sending again while that item may be this upload could make a duplicate.
          failure: failureOf(message, false, 'uncertain-content')
        },
        message
      )
    }
  }
}
