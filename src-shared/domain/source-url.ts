import { classifyIp, type IpClass } from './ip-ranges'

/** Why a "publish from a URL" address was refused. */
export type SourceUrlRefusal = 'invalid' | 'scheme' | 'credentials' | 'private-host'

/** The outcome of {@link checkSourceUrl}. */
export type SourceUrlCheck = { ok: true; url: string } | { ok: false; code: SourceUrlRefusal; reason: string }

/** Longest address accepted; longer ones are almost always pasted by mistake. */
export const MAX_SOURCE_URL_LENGTH = 2048

/** Name suffixes that only mean something inside a home or company network. */
const LOCAL_SUFFIXES = ['.local', '.internal', '.home.arpa', '.localhost']

/** What a refused address is, in words for a designer. */
const KIND_WORDS: Record<Exclude<IpClass, 'public' | 'loopback' | 'invalid'>, string> = {
  private: 'a private network address',
  'link-local': 'a link-local address (it only works inside one local network)',
  cgnat: 'a shared carrier address (it cannot be reached from the internet)',
  multicast: 'a multicast address',
  reserved: 'a reserved address that is not on the public internet',
  unspecified: 'an unspecified address (all zeros)'
}

/** Kinds of host the service is never asked to download from. */
export type BlockedHostKind = keyof typeof KIND_WORDS | 'local-name'

/**
 * The sentence shown when the service would refuse a host ("FileURL host is not allowed."):
 * names the host and says why, so a designer knows to use a public link instead.
 * `address` is the address a name led to, when the refusal comes from a DNS answer.
 */
export function blockedHostReason(host: string, kind: BlockedHostKind, address?: string): string {
  const what = kind === 'local-name' ? 'a name that only works inside a local network' : KIND_WORDS[kind]
  const where = address === undefined ? `${host} is ${what}` : `${host} leads to ${address}, ${what}`
  return `${where}; the publishing service can only download PDFs from public web addresses.`
}

const refuse = (code: SourceUrlRefusal, reason: string): SourceUrlCheck => ({ ok: false, code, reason })

/** This computer: `localhost`, 127.0.0.0/8 and ::1 (also written IPv4-mapped). */
function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || classifyIp(hostname) === 'loopback'
}

/** Why a host, judged by how it is written (no DNS), cannot be fetched; undefined if it can. */
function blockedByForm(hostname: string): BlockedHostKind | undefined {
  const kind = classifyIp(hostname)
  if (kind === 'public' || kind === 'loopback') return undefined
  if (kind !== 'invalid') return kind
  // A trailing dot is the fully qualified spelling of the same name.
  const name = hostname.replace(/\.$/, '')
  if (name === 'localhost') return undefined
  if (!name.includes('.') || LOCAL_SUFFIXES.some((suffix) => name.endsWith(suffix))) return 'local-name'
  return undefined
}

/**
 * Checks an address given for "publish from a URL" before it is sent to the service, which
 * downloads it itself. Plain https only (http just for this computer, for local testing), no
 * embedded credentials, and no host that is private by its written form: private IP literals
 * and local-only names (`*.local`, `*.internal`, `*.home.arpa`, `*.localhost`, single labels).
 * Names are not resolved here; see check-source-host in the core for the DNS check.
 * Returns the normalized address, or a code and one sentence saying why it was refused.
 */
export function checkSourceUrl(value: unknown): SourceUrlCheck {
  if (typeof value !== 'string' || value.trim() === '') return refuse('invalid', 'The link is empty.')
  const text = value.trim()
  if (text.length > MAX_SOURCE_URL_LENGTH) {
    return refuse('invalid', `The link is too long (more than ${MAX_SOURCE_URL_LENGTH.toString()} characters).`)
  }
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return refuse('invalid', 'The link is not a valid web address.')
  }
  // Percent-encoding can make the normalized form longer than what was typed.
  if (url.href.length > MAX_SOURCE_URL_LENGTH) {
    return refuse('invalid', `The link is too long (more than ${MAX_SOURCE_URL_LENGTH.toString()} characters).`)
  }
  const loopback = isLoopbackHost(url.hostname)
  if (url.protocol === 'http:' && !loopback) {
    return refuse('scheme', 'Only secure links (https://) can be published; http:// works only for this computer.')
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return refuse('scheme', `Links starting with ${url.protocol} cannot be published; use an https:// link to the PDF.`)
  }
  if (url.username !== '' || url.password !== '') {
    return refuse('credentials', 'Links that carry a user name or password cannot be published.')
  }
  const blocked = blockedByForm(url.hostname)
  if (blocked !== undefined) return refuse('private-host', blockedHostReason(url.hostname, blocked))
  return { ok: true, url: url.href }
}
