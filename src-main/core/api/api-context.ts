import { ZodError } from 'zod'
import type { DocType } from '../../../src-shared/domain/service/item'
import { exchange, type ExchangeContext, type ServiceRequest } from './http/exchange'
import type { Payload } from './http/read-answer'
import { ServiceError, explain } from './service-error'

/** Which origin a call goes to: the base host (Flipbooks) or the document host (§1). */
export type Host = 'base' | 'document'

export function hostFor(docType: DocType): Host {
  return docType === 'Document' ? 'document' : 'base'
}

export type CallRequest = Omit<ServiceRequest, 'origin'> & { host?: Host }

/** What every operation file needs: sending a call, decoding its answer, and the plan's limits. */
export interface ApiContext {
  call(request: CallRequest): Promise<Payload>
  decode<T>(payload: Payload, normalize: (payload: Payload) => T): T
  timeouts: { createByUrlMs: number; uploadAnswerMs: number; stallMs: number }
  duplicateBatch: number
  /** The plan's upload limit in bytes, once whoami or the subscription told it. */
  uploadLimit: { bytes: number | undefined; fromSubscription: boolean }
}

export interface ApiContextOptions {
  exchange: ExchangeContext
  baseUrl: string
  documentUrl: string | undefined
  timeouts: ApiContext['timeouts']
  duplicateBatch: number
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
        return normalize(payload)
      } catch (error) {
        if (error instanceof ZodError) {
          const first = error.issues[0]
          const where = first ? `${first.path.join('.') || 'answer'}: ${first.message}` : 'unexpected shape'
          throw new ServiceError('protocol', explain.protocol(where), { delivery: 'answered', cause: error })
        }
        throw error
      }
    },
    timeouts: options.timeouts,
    duplicateBatch: options.duplicateBatch,
    uploadLimit: { bytes: undefined, fromSubscription: false }
  }
  return context
}
