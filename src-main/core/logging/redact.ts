import { CREDENTIAL_FIELDS } from '../../../src-shared/domain/service/item-details'

/*
 * What never reaches a log line or the diagnostics: the key in use (known secrets), a
 * record's credential fields (§2.6: Password, the payment and provider keys), anything
 * named like a key, password or token, and the user name and password of an address.
 */

export const REDACTED = '[redacted]'

/** Field names whose value is a credential, whatever record or object they are in. */
const SECRET_NAME = /pass(word|wd)?$|secret|token|api[-_]?key|^key$|authorization|credential|cookie/i
const CREDENTIALS = new Set<string>(CREDENTIAL_FIELDS)

/** True for a field whose value must not be written. */
export function isSecretName(name: string): boolean {
  return CREDENTIALS.has(name) || SECRET_NAME.test(name)
}

/** `scheme://user:pass@host` → `scheme://[redacted]@host`. */
const URL_USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@"']+@/gi
/** `X-Api-Key: abc`, `password=abc`, `"token":"abc"` in free text. */
const NAMED_VALUE = /\b((?:x-)?api[-_]?key|apikey|authorization|password|passwd|secret|token)(["']?\s*[:=]\s*["']?)(?:bearer\s+)?[^\s"'&,;}]+/gi

/**
 * A credential carried in an address's query string (OAuth, S3/Azure/GCS signed links): the
 * value after `?name=` or `&name=`, up to the next `&`, `#`, quote or space. Names are matched
 * whole, in any letter case, so `keyword=` or `design=` stay readable.
 */
const QUERY_CREDENTIAL =
  /([?&;](?:access_token|x-amz-signature|x-amz-credential|x-amz-security-token|signature|sig|key|token)=)[^\s&#"'<>]+/gi

/** Removes every known secret and every credential-looking value from a line of text. */
export function redactText(text: string, secrets: readonly string[] = []): string {
  let line = text
  for (const secret of secrets) {
    if (secret.length > 0) line = line.split(secret).join(REDACTED)
  }
  return line
    .replace(URL_USERINFO, `$1${REDACTED}@`)
    .replace(QUERY_CREDENTIAL, `$1${REDACTED}`)
    .replace(NAMED_VALUE, `$1$2${REDACTED}`)
}

/** JSON.stringify's replacer that blanks credential fields at any depth. */
export function redactingReplacer(key: string, value: unknown): unknown {
  return key !== '' && isSecretName(key) && value !== null && value !== '' ? REDACTED : value
}
