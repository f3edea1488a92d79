/**
 * Whether the page may load `value` as an image or sound: the CSP allows media from https
 * only (src-main/shell/content-security-policy.ts), so anything else is not even tried.
 */
export function isHttpsUrl(value: string | null | undefined): value is string {
  if (!value || !URL.canParse(value)) return false
  return new URL(value).protocol === 'https:'
}
