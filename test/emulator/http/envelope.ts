/** Bodies of the service's answers: the `Result` envelope and the HTML 401 page (service-api.md §1, §5). */

/** Content-Type of every JSON answer. */
export const JSON_TYPE = 'application/json; charset=utf-8'

/** Content-Type of HTML answers (401 and fault pages). */
export const HTML_TYPE = 'text/html; charset=utf-8'

/** A JSON value the envelope may carry. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue }

/** The "Unauthorized" page of a 401: HTML, no JSON (§5 rule 2). */
export const UNAUTHORIZED_HTML =
  '<!DOCTYPE html>\n<html><head><title>Unauthorized</title></head>' +
  '<body><h1>Unauthorized</h1><p>A valid API key is required.</p></body></html>\n'

/** `{Result:"OK", ...payload}` (§1 envelope). */
export function okBody(payload: Record<string, JsonValue> = {}): Record<string, JsonValue> {
  return { Result: 'OK', ...payload }
}

/** `{Result:"ERROR", Message}` (§1 envelope). */
export function errorBody(message: string): Record<string, JsonValue> {
  return { Result: 'ERROR', Message: message }
}

/** `Unknown field(s) '<names>'. Expected: <names>` (§7), names comma-separated. */
export function unknownFieldsMessage(unknown: readonly string[], expected: readonly string[]): string {
  return `Unknown field(s) '${unknown.join(', ')}'. Expected: ${expected.join(', ')}`
}

/** The 413 message (§4.3: the file exceeds the maximum allowed upload size). */
export function tooLargeMessage(maxFileMb: number): string {
  return `The file exceeds the maximum allowed upload size of ${String(maxFileMb)} MB.`
}

/** Fixed messages of service-api.md §7. */
export const MESSAGES = {
  notFound: 'Item not found',
  notPdf: 'File is not a valid PDF.',
  hostNotAllowed: 'FileURL host is not allowed.',
  rateLimited: 'Rate limit exceeded. Wait until X-RateLimit-Reset before sending more requests.',
  internal: 'An unexpected error occurred.',
  quotaFull: "Your plan's item limit has been reached."
} as const

/** "Source URL timed out after 60s" with the configured number (§4.3). */
export function sourceTimeoutMessage(seconds: number): string {
  return `Source URL timed out after ${String(seconds)}s`
}
