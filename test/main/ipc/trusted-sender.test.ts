import { describe, expect, it } from 'vitest'
import { isTrustedFrameUrl } from '../../../src-main/ipc/trusted-sender'
import { APP_ORIGIN } from '../../../src-main/shell/renderer-files'

const packaged = `${APP_ORIGIN}/index.html`

describe('isTrustedFrameUrl', () => {
  it('trusts the app:// page, whatever its path, hash or query', () => {
    expect(isTrustedFrameUrl(`${packaged}#/library`, packaged)).toBe(true)
    expect(isTrustedFrameUrl(`${packaged}?x=1`, packaged)).toBe(true)
    expect(isTrustedFrameUrl(`${APP_ORIGIN}/`, packaged)).toBe(true)
    // Standard schemes lower-case the host, as Chromium does before the frame URL reaches us.
    expect(isTrustedFrameUrl('app://FlipDrop/index.html', packaged)).toBe(true)
  })

  it('does not trust another app:// host or another scheme with the same path', () => {
    expect(isTrustedFrameUrl('app://evil/index.html', packaged)).toBe(false)
    expect(isTrustedFrameUrl('http://flipdrop/index.html', packaged)).toBe(false)
    expect(isTrustedFrameUrl('https://flipdrop/index.html', packaged)).toBe(false)
  })

  it('never trusts file:// pages, which all share one origin (and Windows drive letters vary in case)', () => {
    expect(isTrustedFrameUrl('file:///home/user/Downloads/evil.html', packaged)).toBe(false)
    const fileApp = 'file:///C:/Program%20Files/FlipDrop/resources/app.asar/out/renderer/index.html'
    expect(isTrustedFrameUrl(fileApp, fileApp)).toBe(false)
    expect(isTrustedFrameUrl(fileApp.replace('C:', 'c:'), fileApp)).toBe(false)
  })

  it('trusts the dev server by scheme, host and port only', () => {
    expect(isTrustedFrameUrl('http://localhost:5173/some/route', 'http://localhost:5173/')).toBe(true)
    expect(isTrustedFrameUrl('http://localhost:5174/', 'http://localhost:5173/')).toBe(false)
    expect(isTrustedFrameUrl('https://evil.example/', 'http://localhost:5173/')).toBe(false)
  })

  it('does not trust a missing or malformed URL', () => {
    expect(isTrustedFrameUrl(undefined, packaged)).toBe(false)
    expect(isTrustedFrameUrl('', packaged)).toBe(false)
    expect(isTrustedFrameUrl('::::', packaged)).toBe(false)
    expect(isTrustedFrameUrl('app:', packaged)).toBe(false)
  })
})
