import { ZodError } from 'zod'
import type { Account } from '../../../src-shared/domain/service/account'
import type { DocType, Host } from '../../../src-shared/domain/service/item'
import type { Quota } from '../../../src-shared/domain/service/quota'
import { exchange, type ExchangeContext, type ServiceRequest } from './http/exchange'
import type { Payload } from './http/read-answer'
import type { ReadContext } from './normalize/item'
import { ServiceError, explain } from './service-error'

/** Which origin a call goes to: the base host (Flipbooks) or the document host (§1). */
export { hostFor, type Host } from '../../../src-shared/domain/service/item'

/** What a read may be given: a signal that stops it (cancel, pause, quit), and how often to retry it. */
export interface ReadOptions {
  signal?: AbortSignal
  /** Retries on network trouble instead of the client's default (0: answer now or fail). */
  retries?: number
}

export type CallRequest = Omit<ServiceRequest, 'origin'> & { host?: Host }

/** What every operation file needs: sending a call, decoding its answer, and what answers taught. */
export interface ApiContext {
  call(request: CallRequest): Promise<Payload>
  decode<T>(payload: Payload, normalize: (payload: Payload, read: ReadContext) => T): T
  /** The server's zone and the gap reporter, for normalizers. */
  read: ReadContext
  timeouts: { createByUrlMs: number; uploadAnswerMs: number; uploadAnswerPerMbMs: number; stallMs: number }
  duplicateBatch: number
  /** The plan's upload limit in bytes, once whoami or the subscription told it. */
  uploadLimit: { bytes: number | undefined; fromSubscription: boolean }
  /** The last quota the service reported per kind (create answers, subscription). */
  quotas: Partial<Record<DocType, Quota>>
  /** Records a quota the service just reported, and tells whoever listens. */
  learnQuota(quota: Quota | null | undefined): void
  /** Tells whoever listens which account whoami just answered for (the key's identity). */
  learnAccount(account: Account): void
}

export interface ApiContextOptions {
  exchange: ExchangeContext
  baseUrl: string
  documentUrl: string | undefined
  timeouts: ApiContext['timeouts']
  duplicateBatch: number
  read: ReadContext
  onQuota?: (quota: Quota) => void
  onAccount?: (account: Account) => void
}

/** Creates the shared context the operation files are written against. */
export function createApiContext(options: ApiContextOptions): ApiContext {
  const context: ApiContext = {
    async call({ host = 'base', ...request }) {
      let origin = options.baseUrl
      if (host === 'document') {
        if (!options.documentUrl) {
          throw new ServiceError('document-host-missing', explain.documentHostMissing(), { delivery: 'not-sent' })
        }
        origin = options.documentUrl
      }
      return exchange(options.exchange, { ...request, origin })
    },
    decode(payload, normalize) {
      try {
        return normalize(payload, options.read)
      } catch (error) {
        if (error instanceof ZodError) {
          const first = error.issues[0]
          const where = first ? `${first.path.join('.') || 'answer'}: ${first.message}` : 'unexpected shape'
          throw new ServiceError('protocol', explain.protocol(where), { delivery: 'answered', cause: error })
        }
        throw error
      }
    },
    read: options.read,
    timeouts: options.timeouts,
    duplicateBatch: options.duplicateBatch,
    uploadLimit: { bytes: undefined, fromSubscription: false },
    quotas: {},
    learnQuota(quota) {
      if (!quota) return
      context.quotas[quota.docType] = quota
      options.onQuota?.(quota)
    },
    learnAccount(account) {
      options.onAccount?.(account)
    }
  }
  return context
}
