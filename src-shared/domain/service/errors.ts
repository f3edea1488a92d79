/**
 * Every way a call to the service can fail, as one closed list. The client maps HTTP
 * statuses and `Result: ERROR` messages (service-api.md §7) onto these; the UI shows the
 * message and may branch on the kind.
 */
export const SERVICE_ERROR_KINDS = [
  'unauthorized',
  'too-large',
  'rate-limited',
  'not-found',
  'invalid-pdf',
  'host-not-allowed',
  'source-timeout',
  'quota-full',
  'unknown-field',
  'service',
  'network',
  /** A captive portal or a proxy's login page answered instead of the service: no usable connection. */
  'portal',
  'stalled',
  'protocol',
  'cancelled',
  'document-host-missing'
] as const

export type ServiceErrorKind = (typeof SERVICE_ERROR_KINDS)[number]

/**
 * Whether the request may have reached the service. The service has no idempotency key,
 * so a create that failed with 'unknown' must be reconciled before it is sent again.
 */
export type Delivery = 'not-sent' | 'unknown' | 'answered'
