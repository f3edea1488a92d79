import { describe, expect, it } from 'vitest'
import { classifyIp, type IpClass } from '../../src-shared/domain/ip-ranges'

describe('classifyIp', () => {
  it.each<[string, IpClass]>([
    // IPv4
    ['8.8.8.8', 'public'],
    ['1.1.1.1', 'public'],
    ['172.15.255.255', 'public'],
    ['172.32.0.0', 'public'],
    ['100.63.255.255', 'public'],
    ['100.128.0.0', 'public'],
    ['223.255.255.255', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.5', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'cgnat'],
    ['100.127.255.255', 'cgnat'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    // IPv6
    ['2606:4700:4700::1111', 'public'],
    ['2001:4860:4860::8888', 'public'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::', 'unspecified'],
    ['fc00::1', 'private'],
    ['fd00::1', 'private'],
    ['[fd12:3456:789a::1]', 'private'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf:ffff::1', 'link-local'],
    ['fec0::1', 'private'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
    ['100::1', 'reserved'],
    ['4000::1', 'reserved'],
    // IPv4 inside IPv6
    ['::ffff:192.168.1.1', 'private'],
    ['::FFFF:10.0.0.1', 'private'],
    ['::ffff:c0a8:101', 'private'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:8.8.8.8', 'public'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['64:ff9b::8.8.8.8', 'public'],
    ['64:ff9b::127.0.0.1', 'reserved'],
    ['2002:c0a8:0101::1', 'private'],
    ['2002:0808:0808::1', 'public'],
    ['::10.0.0.1', 'reserved'],
    // not IP literals
    ['example.com', 'invalid'],
    ['localhost', 'invalid'],
    ['', 'invalid'],
    ['1.2.3', 'invalid'],
    ['1.2.3.256', 'invalid'],
    ['010.0.0.1', 'invalid'],
    ['1.2.3.4.5', 'invalid'],
    ['::1::', 'invalid'],
    [':::', 'invalid'],
    ['1:2:3:4:5:6:7:8:9', 'invalid'],
    ['1:2:3:4:5:6:7', 'invalid'],
    ['12345::', 'invalid'],
    ['g::1', 'invalid'],
    ['::ffff:1.2.3.999', 'invalid']
  ])('%s is %s', (address, kind) => {
    expect(classifyIp(address)).toBe(kind)
  })

  it('accepts a "::" that stands for a single zero group', () => {
    expect(classifyIp('fe80:0:0:0:0:0::1')).toBe('link-local')
  })
})
