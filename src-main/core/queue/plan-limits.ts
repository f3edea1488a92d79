import type { PlanLimits } from '../../../src-shared/domain/queue'
import type { DocType } from '../../../src-shared/domain/service/item'
import type { Quota } from '../../../src-shared/domain/service/quota'
import type { ApiClient } from '../api/api-client'
import type { StoredLimits } from './queue-journal'

/** How long after the last change the limits are written (a burst of creates writes once). */
const SAVE_DELAY_MS = 1_000

/**
 * The plan's upload limit and item quotas as last learned (subscription, whoami, create
 * answers), kept on disk so a queue filled offline is checked against them, and checked
 * again once the service answers. Unknown stays null, never 0.
 */
export class PlanLimitsBook {
  private limits: StoredLimits
  private saveTimer: ReturnType<typeof setTimeout> | undefined
  private closed = false

  constructor(
    stored: StoredLimits | null,
    private readonly save: (limits: StoredLimits) => Promise<void>,
    private readonly onChange: (limits: PlanLimits) => void
  ) {
    this.limits = stored ?? { maxFileSizeBytes: null, quotas: {}, learnedAt: null }
  }

  get view(): PlanLimits {
    return {
      maxFileSizeBytes: this.limits.maxFileSizeBytes,
      quotas: { ...this.limits.quotas },
      learnedAt: this.limits.learnedAt === null ? null : new Date(this.limits.learnedAt).toISOString()
    }
  }

  get maxFileSizeBytes(): number | null {
    return this.limits.maxFileSizeBytes
  }

  quota(docType: DocType): Quota | undefined {
    return this.limits.quotas[docType]
  }

  /** A quota the service just reported (a create answer, the subscription). */
  learnQuota(quota: Quota): void {
    this.update({ quotas: { ...this.limits.quotas, [quota.docType]: quota } })
  }

  /**
   * Reads the plan from the service: the subscription of each host in use (exact byte
   * limit and quota), whoami's MB figure when the subscription lacks one.
   */
  async refresh(client: ApiClient, hasDocumentHost: boolean): Promise<void> {
    const kinds: DocType[] = hasDocumentHost ? ['Flipbook', 'Document'] : ['Flipbook']
    let maxFileSizeBytes = this.limits.maxFileSizeBytes
    const quotas = { ...this.limits.quotas }
    for (const docType of kinds) {
      const subscription = await client.getSubscription(docType)
      if (subscription.maxFileSizeBytes !== null) maxFileSizeBytes = subscription.maxFileSizeBytes
      const quota = subscription.quotas[docType]
      if (quota) quotas[docType] = quota
    }
    if (maxFileSizeBytes === null) {
      await client.whoami()
      maxFileSizeBytes = client.uploadLimitBytes ?? null
    }
    this.update({ maxFileSizeBytes, quotas })
  }

  /** Writes any pending change now and takes no more (on shutdown). */
  async close(): Promise<void> {
    this.closed = true
    if (!this.saveTimer) return
    clearTimeout(this.saveTimer)
    this.saveTimer = undefined
    await this.save(this.limits)
  }

  private update(change: Partial<StoredLimits>): void {
    if (this.closed) return
    this.limits = { ...this.limits, ...change, learnedAt: Date.now() }
    this.onChange(this.view)
    if (this.saveTimer) return
    this.saveTimer = setTimeout(() => {
      this.saveTimer = undefined
      // Limits are a convenience for offline preflight: a failed write is retried by the next change.
      this.save(this.limits).catch(() => {})
    }, SAVE_DELAY_MS)
    this.saveTimer.unref?.()
  }
}
