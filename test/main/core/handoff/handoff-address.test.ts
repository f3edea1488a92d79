import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { handoffAddress, MAX_SOCKET_PATH_BYTES } from '../../../../src-main/core/handoff/handoff-address'

const hash16 = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 16)

describe('handoffAddress', () => {
  it('puts the socket in the data folder when the path is short enough', () => {
    expect(handoffAddress('/home/ana/.config/FlipDrop', 'linux', '/tmp')).toBe('/home/ana/.config/FlipDrop/flipdrop.sock')
    expect(handoffAddress('/Users/ana/Library/Application Support/FlipDrop', 'darwin', '/var/folders/x/T')).toBe(
      '/Users/ana/Library/Application Support/FlipDrop/flipdrop.sock'
    )
  })

  it('moves to the temp folder, named after the folder, when the path would pass 100 bytes', () => {
    const dataDir = `/home/ana/${'d'.repeat(100)}`
    const address = handoffAddress(dataDir, 'linux', '/tmp')
    expect(address).toBe(`/tmp/flipdrop-${hash16(dataDir)}.sock`)
    expect(address).toMatch(/^\/tmp\/flipdrop-[0-9a-f]{16}\.sock$/)
  })

  it('counts bytes, not characters, and keeps exactly 100 bytes in the folder', () => {
    const suffix = '/flipdrop.sock'
    const fits = `/${'a'.repeat(MAX_SOCKET_PATH_BYTES - suffix.length - 1)}`
    expect(handoffAddress(fits, 'linux', '/tmp')).toBe(`${fits}${suffix}`)
    expect(handoffAddress(`${fits}a`, 'linux', '/tmp')).toMatch(/^\/tmp\/flipdrop-/)
    // 43 two-byte characters: 86 bytes plus the name is over the limit, though only 58 characters.
    const accented = `/${'é'.repeat(43)}`
    expect(accented.length + suffix.length).toBeLessThan(MAX_SOCKET_PATH_BYTES)
    expect(handoffAddress(accented, 'linux', '/tmp')).toBe(`/tmp/flipdrop-${hash16(accented)}.sock`)
  })

  it('gives two long folders two sockets', () => {
    const one = handoffAddress(`/x/${'a'.repeat(120)}`, 'linux', '/tmp')
    const two = handoffAddress(`/x/${'b'.repeat(120)}`, 'linux', '/tmp')
    expect(one).not.toBe(two)
  })

  it('names a Windows pipe after the lowercased folder', () => {
    const dataDir = 'C:\\Users\\Ana\\AppData\\Roaming\\FlipDrop'
    const address = handoffAddress(dataDir, 'win32')
    expect(address).toBe(`\\\\.\\pipe\\flipdrop-${hash16(dataDir.toLowerCase())}`)
    expect(address).toMatch(/^\\\\\.\\pipe\\flipdrop-[0-9a-f]{16}$/)
    // Windows paths ignore case, so the same folder spelt differently meets the same holder.
    expect(handoffAddress('c:\\users\\ana\\appdata\\roaming\\flipdrop', 'win32')).toBe(address)
  })

  it('uses the real platform and temp folder by default', () => {
    expect(handoffAddress('/d')).toBe(process.platform === 'win32' ? handoffAddress('/d', 'win32') : '/d/flipdrop.sock')
  })
})
