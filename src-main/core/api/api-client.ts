import type { Account } from '../../../src-shared/domain/service/account'
import type { DocType } from '../../../src-shared/domain/service/item'
import type { Quota } from '../../../src-shared/domain/service/quota'
import { DEFAULT_BASE_URL } from '../../../src-shared/domain/settings'
import type { Logger } from '../log'
import { createApiContext } from './api-context'
import { DEFAULT_CLIENT_TIMEOUTS, scaleTimeouts } from './client-timeouts'
import { createNetwork, type Network } from './http/network'
import { accountOperations } from './operations/account'
import { itemOperations } from './operations/items'
import { publishingOperations } from './operations/publishing'
import { referenceOperations } from './operations/references'
import { limiterForKey } from './limiter-registry'
import type { GapReporter } from './normalize/fields'
import type { RateLimiter } from './rate-limiter'
import { createServerZone, type ServerZone } from './server-zone'

export interface ApiClientOptions {
  apiKey: string
  baseUrl?: string
  /** The document host; without it, Document operations fail with a clear message. */
  documentUrl?: string
  /** How connections are made (proxy, trusted roots); by default direct or through HTTPS_PROXY. */
  network?: Network
  userAgent?: string
  /** The timeouts below default to DEFAULT_CLIENT_TIMEOUTS (client-timeouts.ts). */
  requestTimeoutMs?: number
  /** Wait for create-by-url and replace-by-url answers: the service's own 60 s plus a margin. */
  createByUrlTimeoutMs?: number
  /** Wait for an upload's answer once its body is sent (storing and thumbnailing take time), before the size's share. */
  uploadAnswerTimeoutMs?: number
  /** Added to the upload answer's wait per MB sent. */
  uploadAnswerPerMbMs?: number
  /** An upload that moves no bytes for this long fails as 'stalled'. */
  uploadStallMs?: number
  /** Multiplies every timeout (FLIPDROP_TIMEOUT_SCALE: a very slow link, or tests at a tenth of the time). */
  timeoutScale?: number
  retries?: number
  retryBaseMs?: number
  /** Copies per duplicate call (the spec gives 20 and 500; 20 is safe under both). */
  duplicateBatch?: number
  /** Defaults to the one limiter of this key, shared with every other client of the same key. */
  limiter?: RateLimiter
  /** The server's zone as learned so far; share it between clients of the same service. */
  zone?: ServerZone
  /** Called on any 401, so the app can stop everything and ask for a new key. */
  onUnauthorized?: () => void
  /** Called with every quota the service reports (create answers, subscription). */
  onQuota?: (quota: Quota) => void
  /** Called with every account whoami answers: the key's identity, confirmed. */
  onAccount?: (account: Account) => void
  /** Called with whether each request reached the service (see ExchangeContext.onReachable). */
  onReachable?: (reachable: boolean, why?: 'portal') => void
  /** Where client bugs and missing answer fields are logged; the key is never part of what is logged. */
  log?: Logger
  /** Aborts every request of this client (a command's Ctrl+C). */
  signal?: AbortSignal
}

export type ApiClient = ReturnType<typeof referenceOperations> &
  ReturnType<typeof accountOperations> &
  ReturnType<typeof itemOperations> &
  ReturnType<typeof publishingOperations> & {
    /** The plan's upload limit in bytes, once known. */
    readonly uploadLimitBytes: number | undefined
    /** The last quota the service reported for a kind, if any. */
    quota(docType: DocType): Quota | undefined
    close(): Promise<void>
  }

/** Logs each missing answer field once per operation, so a changed service is noticed, not hidden. */
function gapReporter(log: Logger | undefined): GapReporter {
  const seen = new Set<string>()
  return (where, field) => {
    const key = `${where} ${field}`
    if (seen.has(key)) return
    seen.add(key)
    log?.warn(`The service's ${where} answer has no readable ${field}; FlipDrop shows it as unknown`)
  }
}

/**
 * The service client: one typed method per operation of service-api.md, answers
 * normalized once, errors as ServiceError kinds, every request under the key's rate limiter.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const ownsNetwork = options.network === undefined
  const network = options.network ?? createNetwork()
  const timeouts = scaleTimeouts(
    {
      requestMs: options.requestTimeoutMs ?? DEFAULT_CLIENT_TIMEOUTS.requestMs,
      createByUrlMs: options.createByUrlTimeoutMs ?? DEFAULT_CLIENT_TIMEOUTS.createByUrlMs,
      uploadAnswerMs: options.uploadAnswerTimeoutMs ?? DEFAULT_CLIENT_TIMEOUTS.uploadAnswerMs,
      uploadAnswerPerMbMs: options.uploadAnswerPerMbMs ?? DEFAULT_CLIENT_TIMEOUTS.uploadAnswerPerMbMs,
      stallMs: options.uploadStallMs ?? DEFAULT_CLIENT_TIMEOUTS.stallMs
    },
    options.timeoutScale
  )
  const context = createApiContext({
    baseUrl: options.baseUrl ?? DEFAULT_BASE_URL,
    documentUrl: options.documentUrl || undefined,
    duplicateBatch: options.duplicateBatch ?? 20,
    timeouts: {
      createByUrlMs: timeouts.createByUrlMs,
      uploadAnswerMs: timeouts.uploadAnswerMs,
      uploadAnswerPerMbMs: timeouts.uploadAnswerPerMbMs,
      stallMs: timeouts.stallMs
    },
    read: { zone: options.zone ?? createServerZone(options.log), gaps: gapReporter(options.log) },
    ...(options.onQuota ? { onQuota: options.onQuota } : {}),
    ...(options.onAccount ? { onAccount: options.onAccount } : {}),
    exchange: {
      apiKey: options.apiKey,
      network,
      limiter: options.limiter ?? limiterForKey(options.apiKey),
      userAgent: options.userAgent ?? 'FlipDrop',
      requestTimeoutMs: timeouts.requestMs,
      retries: options.retries ?? 3,
      retryBaseMs: options.retryBaseMs ?? 300,
      limitBytes: () => context.uploadLimit.bytes,
      ...(options.onUnauthorized ? { onUnauthorized: options.onUnauthorized } : {}),
      ...(options.onReachable ? { onReachable: options.onReachable } : {}),
      ...(options.log ? { log: options.log } : {}),
      ...(options.signal ? { signal: options.signal } : {})
    }
  })
  return {
    ...referenceOperations(context),
    ...accountOperations(context),
    ...itemOperations(context),
    ...publishingOperations(context),
    get uploadLimitBytes() {
      return context.uploadLimit.bytes
    },
    quota: (docType) => context.quotas[docType],
    async close() {
      if (ownsNetwork) await network.close()
    }
  }
}
