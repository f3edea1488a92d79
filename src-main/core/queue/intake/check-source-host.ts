import { lookup as dnsLookup } from 'node:dns/promises'
import { classifyIp } from '../../../../src-shared/domain/ip-ranges'
import { blockedHostReason, checkSourceUrl } from '../../../../src-shared/domain/source-url'

/** Resolves a host name to its IP addresses. */
export type HostLookup = (host: string) => Promise<string[]>

/** The outcome of {@link checkSourceHost}. */
export type SourceHostCheck = { ok: true } | { ok: false; reason: string }

/**
 * A lookup that takes longer is given up on: this check only saves a designer a round trip,
 * and must not leave the form waiting when the computer is offline.
 */
const LOOKUP_TIMEOUT_MS = 5000

const systemLookup: HostLookup = async (host) => (await dnsLookup(host, { all: true })).map((entry) => entry.address)

/** The lookup's answer, or undefined when it fails or does not answer in time. */
async function resolveQuietly(host: string, lookup: HostLookup): Promise<string[] | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(resolve, LOOKUP_TIMEOUT_MS, undefined)
  })
  try {
    return await Promise.race([lookup(host).catch(() => undefined), timeout])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Predicts the service's "FileURL host is not allowed." before a URL is submitted. First the
 * checks of checkSourceUrl (its refusal is returned as is), then the host name is resolved:
 * if ANY address is private, link-local, CGNAT, multicast, reserved or unspecified, the URL
 * is refused, because the service may connect to any of them. Loopback is allowed, for local
 * testing. A failed lookup (offline, unknown name) is not a refusal: the service decides then.
 */
export async function checkSourceHost(url: string, lookup: HostLookup = systemLookup): Promise<SourceHostCheck> {
  const checked = checkSourceUrl(url)
  if (!checked.ok) return { ok: false, reason: checked.reason }
  const host = new URL(checked.url).hostname
  // IP literals and localhost were judged by their form; there is nothing to resolve.
  if (classifyIp(host) !== 'invalid' || host.replace(/\.$/, '') === 'localhost') return { ok: true }
  const addresses = await resolveQuietly(host, lookup)
  for (const address of addresses ?? []) {
    const kind = classifyIp(address)
    // 'invalid' cannot come from a real resolver; the service judges whatever it connects to.
    if (kind === 'public' || kind === 'loopback' || kind === 'invalid') continue
    return { ok: false, reason: blockedHostReason(host, kind, address) }
  }
  return { ok: true }
}
