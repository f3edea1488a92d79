/**
 * What kind of network an IP address belongs to. Only `public` (and `loopback`, this computer)
 * are places a web service can be asked to download from; the rest are refused by the service
 * ("FileURL host is not allowed."). Pure string parsing, so it runs in the renderer too.
 */
export type IpClass =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'cgnat'
  | 'multicast'
  | 'reserved'
  | 'unspecified'
  | 'invalid'

type Ipv4Range = readonly [base: string, bits: number, kind: IpClass]

/** Most specific first: the first range that contains an address decides. */
const IPV4_RANGES: readonly Ipv4Range[] = [
  ['0.0.0.0', 32, 'unspecified'],
  ['0.0.0.0', 8, 'reserved'], // "this network"; Linux connects 0.x to itself
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'cgnat'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'], // includes the cloud metadata address 169.254.169.254
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'reserved'], // documentation
  ['192.88.99.0', 24, 'reserved'], // retired 6to4 relays
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'], // benchmarking
  ['198.51.100.0', 24, 'reserved'], // documentation
  ['203.0.113.0', 24, 'reserved'], // documentation
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'] // includes the broadcast address 255.255.255.255
]

/** How to read the IPv4 address carried inside some IPv6 prefixes. */
type Embedded = 'mapped' | 'nat64' | '6to4'

type Ipv6Range = readonly [base: string, bits: number, kind: IpClass | Embedded]

/** Most specific first. Anything outside 2000::/3 that is not listed is unassigned: reserved. */
const IPV6_RANGES: readonly Ipv6Range[] = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['::ffff:0:0', 96, 'mapped'],
  // A NAT64 gateway connects to the IPv4 address inside, so that address is what counts.
  ['64:ff9b::', 96, 'nat64'],
  ['64:ff9b:1::', 48, 'private'],
  ['100::', 64, 'reserved'], // discard-only
  ['2001:db8::', 32, 'reserved'], // documentation
  ['2002::', 16, '6to4'],
  ['3fff::', 20, 'reserved'], // documentation
  ['fc00::', 7, 'private'], // unique local addresses
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'private'], // retired site-local addresses, still routed inside some networks
  ['ff00::', 8, 'multicast'],
  ['2000::', 3, 'public']
]

const IPV4_PART = /^(0|[1-9]\d{0,2})$/
const HEX_GROUP = /^[0-9a-f]{1,4}$/i

/**
 * A dotted-quad IPv4 address as a 32-bit number. Leading zeros are refused: some systems read
 * them as octal, so such a string does not name one address for sure.
 */
function parseIpv4(text: string): number | undefined {
  const parts = text.split('.')
  if (parts.length !== 4) return undefined
  let value = 0
  for (const part of parts) {
    if (!IPV4_PART.test(part)) return undefined
    const octet = Number(part)
    if (octet > 255) return undefined
    value = value * 256 + octet
  }
  return value
}

/** An IPv6 address (with `::` and an optional dotted IPv4 tail) as a 128-bit number. */
function parseIpv6(text: string): bigint | undefined {
  let body = text
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(body)
  if (dotted !== null) {
    const v4 = parseIpv4(dotted[2] ?? '')
    if (v4 === undefined) return undefined
    body = `${dotted[1] ?? ''}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`
  }
  const halves = body.split('::')
  if (halves.length > 2) return undefined
  const groupsOf = (half: string | undefined) => (half === undefined || half === '' ? [] : half.split(':'))
  const head = groupsOf(halves[0])
  const tail = groupsOf(halves[1])
  const compressed = halves.length === 2
  const missing = 8 - head.length - tail.length
  if (compressed ? missing < 1 : missing !== 0) return undefined
  const groups = [...head, ...Array<string>(compressed ? missing : 0).fill('0'), ...tail]
  let value = 0n
  for (const group of groups) {
    if (!HEX_GROUP.test(group)) return undefined
    value = (value << 16n) | BigInt(parseInt(group, 16))
  }
  return value
}

const inPrefix4 = (ip: number, base: number, bits: number) => Math.floor(ip / 2 ** (32 - bits)) === Math.floor(base / 2 ** (32 - bits))
const inPrefix6 = (ip: bigint, base: bigint, bits: number) => ip >> BigInt(128 - bits) === base >> BigInt(128 - bits)

const V4_TABLE = IPV4_RANGES.map(([base, bits, kind]) => ({ base: parseIpv4(base) ?? 0, bits, kind }))
const V6_TABLE = IPV6_RANGES.map(([base, bits, kind]) => ({ base: parseIpv6(base) ?? 0n, bits, kind }))

function classifyIpv4(ip: number): IpClass {
  return V4_TABLE.find((range) => inPrefix4(ip, range.base, range.bits))?.kind ?? 'public'
}

/**
 * The class of an IPv4 address that a translation prefix (NAT64, 6to4) points at. Its loopback
 * is the gateway's, not this computer's, so it does not get the loopback exemption.
 */
function translated(v4: number): IpClass {
  const kind = classifyIpv4(v4)
  return kind === 'loopback' ? 'reserved' : kind
}

function classifyIpv6(ip: bigint): IpClass {
  const range = V6_TABLE.find((r) => inPrefix6(ip, r.base, r.bits))
  if (range === undefined) return 'reserved'
  switch (range.kind) {
    case 'mapped':
      // ::ffff:a.b.c.d is how dual-stack sockets write IPv4: it is that IPv4 address.
      return classifyIpv4(Number(ip & 0xffffffffn))
    case 'nat64':
      return translated(Number(ip & 0xffffffffn))
    case '6to4':
      return translated(Number((ip >> 80n) & 0xffffffffn))
    default:
      return range.kind
  }
}

/**
 * Classifies an IPv4 or IPv6 address written as text. Accepts the bracketed form of URLs
 * (`[::1]`) and a zone suffix (`fe80::1%eth0`); anything that is not an IP address literal,
 * including host names, is `invalid`.
 */
export function classifyIp(address: string): IpClass {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address
  const v4 = parseIpv4(bare)
  if (v4 !== undefined) return classifyIpv4(v4)
  if (!bare.includes(':')) return 'invalid'
  const v6 = parseIpv6(bare.replace(/%[^%]+$/, ''))
  return v6 === undefined ? 'invalid' : classifyIpv6(v6)
}
