import { describe, expect, it } from 'vitest'
import { isTrustedFrameUrl } from '../../../src-main/ipc/trusted-sender'

const packaged = 'file:///opt/FlipDrop/resources/app.asar/out/renderer/index.html'

describe('isTrustedFrameUrl', () => {
  it('trusts the packaged page, whatever its hash or query', () => {
    expect(isTrustedFrameUrl(`${packaged}#/library`, packaged)).toBe(true)
    expect(isTrustedFrameUrl(`${packaged}?x=1`, packaged)).toBe(true)
  })

  it('does not trust another local file, which shares the "null" origin', () => {
    expect(isTrustedFrameUrl('file:///home/user/Downloads/evil.html', packaged)).toBe(false)
  })

  it('trusts the dev server by origin only', () => {
    expect(isTrustedFrameUrl('http://localhost:5173/some/route', 'http://localhost:5173/')).toBe(true)
    expect(isTrustedFrameUrl('http://localhost:5174/', 'http://localhost:5173/')).toBe(false)
    expect(isTrustedFrameUrl('https://evil.example/', 'http://localhost:5173/')).toBe(false)
  })

  it('does not trust a missing or malformed URL', () => {
    expect(isTrustedFrameUrl(undefined, packaged)).toBe(false)
    expect(isTrustedFrameUrl('', packaged)).toBe(false)
    expect(isTrustedFrameUrl('::::', packaged)).toBe(false)
  })

  it('does not trust a different scheme with the same path', () => {
    expect(isTrustedFrameUrl('http://opt/FlipDrop/resources/app.asar/out/renderer/index.html', packaged)).toBe(false)
  })
})
