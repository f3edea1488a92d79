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

  it('names a Windows pipe with a random part, so nobody can guess it from the folder and listen first', () => {
    const dataDir = 'C:\\Users\\Ana\\AppData\\Roaming\\FlipDrop'
    const address = handoffAddress(dataDir, 'win32')
    expect(address).toMatch(/^\\\\\.\\pipe\\flipdrop-[0-9a-f]{32}$/)
    expect(address).not.toContain(hash16(dataDir.toLowerCase()))
    // Each holder gets its own; clients read it from the lock file, never from the folder.
    expect(handoffAddress(dataDir, 'win32')).not.toBe(address)
    expect(handoffAddress(dataDir, 'win32', undefined, 'f'.repeat(32))).toBe(`\\\\.\\pipe\\flipdrop-${'f'.repeat(32)}`)
  })

  it('uses the real platform and temp folder by default', () => {
    if (process.platform === 'win32') expect(handoffAddress('/d')).toMatch(/^\\\\\.\\pipe\\flipdrop-[0-9a-f]{32}$/)
    else expect(handoffAddress('/d')).toBe('/d/flipdrop.sock')
  })
})
