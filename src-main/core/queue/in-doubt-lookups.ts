import { stat } from 'node:fs/promises'
import { setTimeout as sleep } from 'node:timers/promises'
import { docTypeOn } from '../../../src-shared/domain/service/item'
import type { ApiClient } from '../api/api-client'
import { hashDownload } from '../api/http/hash-download'
import type { Network } from '../api/http/network'
import { hashFile } from './intake/hash-file'
import { withHistory, type JobRecord } from './job-record'
import { findCreatedItem, type LookupContext } from './reconcile'

/** What the lookups need from the queue around them. */
export interface InDoubtLookupsDependencies {
  jobs(): readonly JobRecord[]
  /** The connections the client uses (proxy, trusted roots), for reading stored PDFs back. */
  network(): Network
  /** The plan's upload limit for an account, when known: the most a link's PDF may be. */
  limitBytes(accountId: string | null): number | null
  save(job: JobRecord): Promise<JobRecord>
}

/**
 * A create sent by an earlier run (it crashed, was killed or quit mid-request) may still be
 * in the service's hands: it had the whole request and goes on with it after the sender died,
 * and a busy service takes its time. A lookup at once then finds nothing, the file is sent
 * again, and two items appear — seen in the 20-PDF SIGKILL test when the machine was busy
 * (not reproduced on demand: the emulator drops a request once its sender's socket closes).
 * So for such creates "absent" is believed only once this long has passed since the attempt
 * started; before that the lookup waits and asks once more. Doubts of this run need no wait:
 * their request ended here (an answer, a reset, a timeout) before the retry.
 */
export const EARLIER_RUN_SETTLE_MS = 5_000

/** How a link's PDF is compared when the plan's limit is unknown (the service's own cap stays the final word). */
const UNKNOWN_LIMIT_BYTES = 2 * 1024 ** 3

/**
 * Looks up creates that may have reached the service, one at a time per account and host,
 * and saves what each found before the next one starts: so an item one job adopted is never
 * adopted by another, however the lookups interleave with the rest of the queue.
 */
export class InDoubtLookups {
  private readonly chains = new Map<string, Promise<unknown>>()
  /** Attempts that began before this are an earlier run's (see EARLIER_RUN_SETTLE_MS). */
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
    settle: (job: JobRecord, found: Awaited<ReturnType<typeof findCreatedItem>>) => JobRecord
  ): Promise<JobRecord> {
    const lane = `${job.accountId ?? ''}|${job.host}`
    const previous = this.chains.get(lane) ?? Promise.resolve()
    const run = previous.then(async () => {
      signal.throwIfAborted()
      const context = await this.context(job, client, signal)
      let found = await findCreatedItem(job, context)
      const since = job.inDoubtSince
      // Wall times of two runs: a clock set back since cannot stretch the wait past its length.
      const wait = since !== null && since < this.startedAt ? Math.min(EARLIER_RUN_SETTLE_MS, since + EARLIER_RUN_SETTLE_MS - Date.now()) : 0
      if (found.outcome === 'absent' && wait > 0) {
        await sleep(wait, undefined, { signal })
        found = await findCreatedItem(job, context)
      }
      // The freshest record: the job may have been renamed or paused while this waited its turn.
      const current = this.deps.jobs().find((entry) => entry.id === job.id) ?? job
      return this.deps.save(settle(current, found))
    })
    const tail = run.catch(() => undefined)
    this.chains.set(lane, tail)
    void tail.then(() => {
      if (this.chains.get(lane) === tail) this.chains.delete(lane)
    })
    return run
  }

  private async context(job: JobRecord, client: ApiClient, signal: AbortSignal): Promise<LookupContext> {
    const { expected, maxBytes } = await this.expectedContent(job, signal)
    const docType = docTypeOn(job.host)
    return {
      client,
      signal,
      expected,
      storedHash: async (itemId) => {
        const url = await client.getPdfUrl(itemId, docType, { signal })
        const read = await hashDownload(url, { network: this.deps.network(), signal, maxBytes })
        return read.kind === 'hashed' ? read.sha256 : null
      },
      claimed: () => {
        const ids = new Set<number>()
        for (const other of this.deps.jobs()) {
          if (other.id === job.id || !other.result || other.kind !== 'create') continue
          if (other.accountId === job.accountId && other.host === job.host) ids.add(other.result.itemId)
        }
        return ids
      }
    }
  }

  /** The contents this upload may have sent, and the largest of them. */
  private async expectedContent(job: JobRecord, signal: AbortSignal): Promise<{ expected: Set<string>; maxBytes: number }> {
    const source = job.source
    if (source.type === 'url') {
      // The service downloaded the link itself: what the link serves now is what it stored.
      const limit = this.deps.limitBytes(job.accountId) ?? UNKNOWN_LIMIT_BYTES
      const read = await hashDownload(source.url, { network: this.deps.network(), signal, maxBytes: limit })
      return read.kind === 'hashed' ? { expected: new Set([read.sha256]), maxBytes: read.bytes } : { expected: new Set(), maxBytes: 0 }
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
    return { expected, maxBytes }
  }
}

/** The history line and record of a lookup's outcome, for an attempt that goes on afterwards. */
export function settleForAttempt(job: JobRecord, found: Awaited<ReturnType<typeof findCreatedItem>>): JobRecord {
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
          failure: { message: `${found.note} Retry to publish it again as a new item.`, retryable: true, code: 'uncertain' }
        },
        found.note
      )
  }
}
