import type { Delivery, ServiceErrorKind } from '../../../src-shared/domain/service/errors'
import { isSentence, type Said, type Sentence } from '../../../src-shared/i18n/said'
import { wallTimeOf } from '../clock'
import { sentence } from '../i18n/sentence'

/** Extra facts some errors carry. */
export interface ServiceErrorDetails {
  delivery: Delivery
  /** HTTP status, when an answer came. */
  status?: number
  /** The service's own message, when it sent one. */
  serviceMessage?: string
  /** For 'rate-limited': local epoch ms when the window resets. */
  retryAt?: number
  /** For 'too-large': the plan's limit in bytes, when known. */
  limitBytes?: number
  cause?: unknown
}

/** A failed service call: a kind from the closed list and a sentence for a designer. */
export class ServiceError extends Error {
  readonly kind: ServiceErrorKind
  readonly delivery: Delivery
  readonly status: number | undefined
  readonly serviceMessage: string | undefined
  readonly retryAt: number | undefined
  readonly limitBytes: number | undefined
  /** The sentence for the window to say in its language. */
  readonly said: Said | undefined

  constructor(kind: ServiceErrorKind, message: string | Sentence, details: ServiceErrorDetails) {
    super(isSentence(message) ? message.text : message, details.cause === undefined ? undefined : { cause: details.cause })
    this.said = isSentence(message) ? message.said : undefined
    this.name = 'ServiceError'
    this.kind = kind
    this.delivery = details.delivery
    this.status = details.status
    this.serviceMessage = details.serviceMessage
    this.retryAt = details.retryAt
    this.limitBytes = details.limitBytes
  }

  /** Its sentence, to be said again by another error or a job (with what the window says, when known). */
  get sentence(): string | Sentence {
    return this.said ? { text: this.message, said: this.said } : this.message
  }

  /** Whether sending the same read again could succeed. */
  get transient(): boolean {
    return (
      this.kind === 'network' ||
      this.kind === 'portal' ||
      this.kind === 'stalled' ||
      this.kind === 'rate-limited' ||
      this.kind === 'protocol' ||
      (this.kind === 'service' && this.status !== undefined && this.status >= 500)
    )
  }
}

const MB = 1024 * 1024

/** Designer-facing wording, in one place so every path says the same thing (src-shared/i18n/core/coreService). */
export const explain = {
  unauthorized: (): Sentence => sentence('coreService.unauthorized'),
  tooLarge: (limitBytes?: number): Sentence =>
    limitBytes ? sentence('coreService.tooLarge', { size: megabytes(limitBytes) }) : sentence('coreService.tooLargeNoLimit'),
  rateLimited: (retryAt: number): Sentence => sentence('coreService.rateLimited', { time: { time: new Date(wallTimeOf(retryAt)).toISOString() } }),
  rateLimitedWrite: (retryAt: number): Sentence =>
    sentence('coreService.rateLimitedWrite', { time: { time: new Date(wallTimeOf(retryAt)).toISOString() } }),
  notFound: (): Sentence => sentence('coreService.notFound'),
  invalidPdf: (): Sentence => sentence('coreService.invalidPdf'),
  hostNotAllowed: (): Sentence => sentence('coreService.hostNotAllowed'),
  sourceTimeout: (serviceMessage: string): Sentence => sentence('coreService.sourceTimeout', { detail: serviceMessage.replace(/\.$/, '') }),
  quotaFull: (docType: 'Flipbook' | 'Document', max: number): Sentence =>
    sentence(docType === 'Document' ? 'coreService.quotaFullDocument' : 'coreService.quotaFullFlipbook', { max }, max),
  badDuplicateCount: (max: number): Sentence => sentence('coreService.badDuplicateCount', { max }),
  unknownField: (serviceMessage: string): Sentence => sentence('coreService.unknownField', { detail: serviceMessage }),
  service: (serviceMessage: string): Sentence => sentence('coreService.service', { detail: serviceMessage }),
  // The status is a code, not a count: never grouped.
  serverFailure: (status: number): Sentence => sentence('coreService.serverFailure', { status: String(status) }),
  network: (): Sentence => sentence('coreService.network'),
  portal: (): Sentence => sentence('coreService.portal'),
  stalled: (seconds: number): Sentence => sentence('coreService.stalled', { seconds }, seconds),
  noAnswer: (seconds: number): Sentence => sentence('coreService.noAnswer', { seconds }, seconds),
  noAnswerAfterTries: (seconds: number, tries: number): Sentence => sentence('coreService.noAnswerAfterTries', { seconds, tries }),
  protocol: (what: string): Sentence => sentence('coreService.protocol', { detail: what }),
  cancelled: (): Sentence => sentence('coreService.cancelled'),
  documentHostMissing: (): Sentence => sentence('coreService.documentHostMissing')
}

/** Megabytes, to one decimal where it is not whole. */
function megabytes(bytes: number): number {
  const mb = bytes / MB
  return Number.isInteger(mb) ? mb : Math.round(mb * 10) / 10
}
