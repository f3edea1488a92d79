import type { Dispatcher } from 'undici'
import { DEFAULT_BASE_URL } from '../../../src-shared/domain/settings'
import type { Logger } from '../log'
import { createApiContext } from './api-context'
import { createDispatcher } from './http/dispatcher'
import { accountOperations } from './operations/account'
import { itemOperations } from './operations/items'
import { publishingOperations } from './operations/publishing'
import { referenceOperations } from './operations/references'
import { limiterForKey } from './limiter-registry'
import type { RateLimiter } from './rate-limiter'


export interface ApiClientOptions {
  apiKey: string
  baseUrl?: string
  /** The document host; without it, Document operations fail with a clear message. */
  documentUrl?: string
  /** Overrides HTTPS_PROXY / HTTP_PROXY / NO_PROXY. */
  proxyUrl?: string
  userAgent?: string
  requestTimeoutMs?: number
  /** Wait for create-by-url and replace-by-url answers: the service's own 60 s plus a margin. */
  createByUrlTimeoutMs?: number
  /** Wait for an upload's answer once its body is sent (storing and thumbnailing take time). */
  uploadAnswerTimeoutMs?: number
  /** An upload that moves no bytes for this long fails as 'stalled'. */
  uploadStallMs?: number
  retries?: number
  retryBaseMs?: number
  /** Copies per duplicate call (the spec gives 20 and 500; 20 is safe under both). */
  duplicateBatch?: number
  /** Defaults to the one limiter of this key, shared with every other client of the same key. */
  limiter?: RateLimiter
  dispatcher?: Dispatcher
  /** Called on any 401, so the app can stop everything and ask for a new key. */
  onUnauthorized?: () => void
  /** Where client bugs are logged; the key is never part of what is logged. */
  log?: Logger
}

export type ApiClient = ReturnType<typeof referenceOperations> &
  ReturnType<typeof accountOperations> &
  ReturnType<typeof itemOperations> &
  ReturnType<typeof publishingOperations> & {
    /** The plan's upload limit in bytes, once known. */
    readonly uploadLimitBytes: number | undefined
    close(): Promise<void>
  }

/**
 * The service client: one typed method per operation of service-api.md, answers
 * normalized once, errors as ServiceError kinds, every request under the key's rate limiter.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const ownsDispatcher = options.dispatcher === undefined
  const dispatcher = options.dispatcher ?? createDispatcher(options.proxyUrl)
  const context = createApiContext({
    baseUrl: options.baseUrl ?? DEFAULT_BASE_URL,
    documentUrl: options.documentUrl || undefined,
    duplicateBatch: options.duplicateBatch ?? 20,
    timeouts: {
      createByUrlMs: options.createByUrlTimeoutMs ?? 90_000,
      uploadAnswerMs: options.uploadAnswerTimeoutMs ?? 120_000,
      stallMs: options.uploadStallMs ?? 30_000
    },
    exchange: {
      apiKey: options.apiKey,
      dispatcher,
      limiter: options.limiter ?? limiterForKey(options.apiKey),
      userAgent: options.userAgent ?? 'FlipDrop',
      requestTimeoutMs: options.requestTimeoutMs ?? 30_000,
      retries: options.retries ?? 3,
      retryBaseMs: options.retryBaseMs ?? 300,
      limitBytes: () => context.uploadLimit.bytes,
      ...(options.onUnauthorized ? { onUnauthorized: options.onUnauthorized } : {}),
      ...(options.log ? { log: options.log } : {})
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
    async close() {
      if (ownsDispatcher) await dispatcher.close()
    }
  }
}
