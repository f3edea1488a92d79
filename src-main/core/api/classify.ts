import { ServiceError, explain } from './service-error'

/**
 * Maps a `Result: ERROR` message to an error kind (service-api.md §7). The service uses
 * HTTP 200 for these, so the message text is the only signal; the fixed messages are
 * matched exactly or by their stable start, anything else stays the service's own words.
 * A full quota is not read from a message (the spec states none): it is known from
 * `<Prefix>_Left === 0` before sending (publishing.ts).
 */
export function classifyServiceMessage(message: string, status: number): ServiceError {
  const details = { delivery: 'answered' as const, status, serviceMessage: message }
  const text = message.trim()
  if (text === 'Item not found') return new ServiceError('not-found', explain.notFound(), details)
  if (text === 'File is not a valid PDF.') return new ServiceError('invalid-pdf', explain.invalidPdf(), details)
  if (text === 'FileURL host is not allowed.') return new ServiceError('host-not-allowed', explain.hostNotAllowed(), details)
  if (/^Source URL timed out after \d+s/.test(text)) {
    return new ServiceError('source-timeout', explain.sourceTimeout(text), details)
  }
  if (text.startsWith('Unknown field(s)')) return new ServiceError('unknown-field', explain.unknownField(text), details)
  return new ServiceError('service', explain.service(text), details)
}
