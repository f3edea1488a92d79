import { BlockList, isIP } from 'node:net'

/** Address ranges a server must never fetch for a user: loopback, private, link-local, etc. */
const PRIVATE = new BlockList()
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4]
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv4')
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8]
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv6')
}

const PRIVATE_NAMES = [/^localhost$/i, /\.localhost$/i, /\.local$/i, /\.internal$/i, /\.home\.arpa$/i]

/** Whether an IP address is loopback, private, link-local, CGNAT, multicast or reserved. */
export function isPrivateAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '')
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)
  if (mapped?.[1] !== undefined) return PRIVATE.check(mapped[1], 'ipv4')
  const family = isIP(ip)
  if (family === 4) return PRIVATE.check(ip, 'ipv4')
  if (family === 6) return PRIVATE.check(ip, 'ipv6')
  return false
}

/** Host lists of the options. */
export interface HostRules {
  allow: readonly string[]
  block: readonly string[]
}

/** How a host name is judged before any connection. */
export type HostVerdict = 'allowed' | 'refused' | 'resolve-and-check'

function listed(hostname: string, list: readonly string[]): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, '')
  return list.some((entry) => entry.toLowerCase().replace(/^\[|\]$/g, '') === h)
}

/**
 * Judges the host of a FileURL (§4.3 "A private or disallowed host gives ... FileURL host is not
 * allowed."). Allow-listed hosts pass (tests serve PDFs from loopback); block-listed hosts,
 * local names and private IP literals are refused; other names are checked after DNS.
 */
export function judgeHost(hostname: string, rules: HostRules): HostVerdict {
  if (listed(hostname, rules.allow)) return 'allowed'
  if (listed(hostname, rules.block)) return 'refused'
  const bare = hostname.replace(/^\[|\]$/g, '')
  if (isIP(bare) !== 0) return isPrivateAddress(bare) ? 'refused' : 'allowed'
  if (PRIVATE_NAMES.some((re) => re.test(bare)) || !bare.includes('.')) return 'refused'
  return 'resolve-and-check'
}
