import type { Delivery, ServiceErrorKind } from '../../../src-shared/domain/service/errors'
import { wallTimeOf } from '../clock'

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

  constructor(kind: ServiceErrorKind, message: string, details: ServiceErrorDetails) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause })
    this.name = 'ServiceError'
    this.kind = kind
    this.delivery = details.delivery
    this.status = details.status
    this.serviceMessage = details.serviceMessage
    this.retryAt = details.retryAt
    this.limitBytes = details.limitBytes
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

/** Designer-facing wording, in one place so every path says the same thing. */
export const explain = {
  unauthorized: (): string => 'The service did not accept the API key. Sign in again with a valid key.',
  tooLarge: (limitBytes?: number): string =>
    limitBytes
      ? `The file is larger than your plan allows (${formatMb(limitBytes)} MB).`
      : 'The file is larger than your plan allows.',
  rateLimited: (retryAt: number): string =>
    `The service asked FlipDrop to slow down. It will continue at ${new Date(wallTimeOf(retryAt)).toLocaleTimeString()}.`,
  rateLimitedWrite: (retryAt: number): string =>
    `The service asked FlipDrop to slow down, so this was not done. Try again after ${new Date(wallTimeOf(retryAt)).toLocaleTimeString()}.`,
  notFound: (): string => 'This item no longer exists on the service, or it belongs to another account.',
  invalidPdf: (): string => 'The service could not read this file as a PDF.',
  hostNotAllowed: (): string => 'The service refuses to download from that address (private or disallowed host).',
  sourceTimeout: (serviceMessage: string): string =>
    `The web address did not deliver the PDF in time (${serviceMessage.replace(/\.$/, '')}).`,
  quotaFull: (docType: 'Flipbook' | 'Document', max: number): string =>
    `Your plan allows ${max} ${docType === 'Document' ? 'documents' : 'flipbooks'} and none are left. Delete some or upgrade your plan to add more.`,
  badDuplicateCount: (max: number): string => `The number of copies must be a whole number from 1 to ${max}.`,
  unknownField: (serviceMessage: string): string =>
    `FlipDrop sent a field the service does not know. This is a FlipDrop bug; please report it. (${serviceMessage})`,
  service: (serviceMessage: string): string => `The service said: ${serviceMessage}`,
  serverFailure: (status: number): string => `The service had a problem (HTTP ${status}). Try again shortly.`,
  network: (): string => 'The service could not be reached. Check your internet connection.',
  portal: (): string =>
    'A sign-in page is in the way: hotel or office Wi-Fi? Sign in to the network in your browser; FlipDrop goes on by itself once the service answers.',
  stalled: (seconds: number): string => `The upload stopped moving for ${seconds === 1 ? '1 second' : `${seconds} seconds`} and was stopped.`,
  noAnswer: (seconds: number): string => `The service did not answer within ${seconds} seconds.`,
  noAnswerAfterTries: (seconds: number, tries: number): string => `The service did not answer: FlipDrop waited ${seconds} seconds in all, over ${tries} tries.`,
  protocol: (what: string): string => `The service sent an answer FlipDrop could not read (${what}).`,
  cancelled: (): string => 'Cancelled.',
  documentHostMissing: (): string =>
    'Documents need the document host. Set it in Settings, then try again.'
}

function formatMb(bytes: number): string {
  const mb = bytes / MB
  return Number.isInteger(mb) ? String(mb) : mb.toFixed(1)
}
