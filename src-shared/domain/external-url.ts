/**
 * Decides whether a link may be handed to the operating system's browser.
 * Only plain https URLs pass: no other scheme (file:, javascript:, custom protocol
 * handlers can run programs), and no embedded credentials.
 * Returns the normalized URL string, or a reason it was refused (`why`: which reason, for a
 * sentence in the reader's language).
 */
export type LinkRefusal = 'empty' | 'invalid' | 'notSecure' | 'credentials'

export function checkExternalUrl(value: unknown): { ok: true; url: string } | { ok: false; reason: string; why: LinkRefusal } {
  if (typeof value !== 'string' || value.trim() === '') {
    return { ok: false, reason: 'The link is empty.', why: 'empty' }
  }
  let url: URL
  try {
    url = new URL(value.trim())
  } catch {
    return { ok: false, reason: 'The link is not a valid web address.', why: 'invalid' }
  }
  if (url.protocol !== 'https:') {
    return { ok: false, reason: 'Only secure web links (https://) can be opened.', why: 'notSecure' }
  }
  if (url.username !== '' || url.password !== '') {
    return { ok: false, reason: 'Links that carry a user name or password are not opened.', why: 'credentials' }
  }
  return { ok: true, url: url.href }
}
