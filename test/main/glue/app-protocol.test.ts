import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { vi } from 'vitest'
import { electronFake } from './electron-fake'

vi.mock('electron', async () => (await import('./electron-fake')).electronFake)

const { registerAppScheme, serveAppProtocol } = await import('../../../src-main/shell/app-protocol')

describe('the app:// scheme', () => {
  it('is registered as a standard, secure scheme with fetch, before ready', () => {
    registerAppScheme()
    expect(electronFake.protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } }
    ])
  })

  it("serves the renderer folder through the session's protocol.handle", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'flipdrop-app-protocol-'))
    await writeFile(join(dir, 'index.html'), '<title>FlipDrop</title>')
    let handler: ((request: { url: string; method: string }) => Promise<Response>) | undefined
    const session = { protocol: { handle: (scheme: string, fn: typeof handler) => scheme === 'app' && (handler = fn) } }
    const asked: string[] = []
    serveAppProtocol(session as never, dir, async (query) => {
      asked.push(query.toString())
      return { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': "frame-src https://go.example" }, body: '<iframe></iframe>' }
    })
    const response = await handler?.({ url: 'app://flipdrop/index.html', method: 'GET' })
    expect(response?.status).toBe(200)
    expect(await response?.text()).toContain('FlipDrop')
    expect(response?.headers.get('content-security-policy')).toContain("worker-src 'self'")
    expect(response?.headers.get('content-security-policy')).toContain("frame-src 'self'")
    // The Share sheet's embed preview comes from the core, with the core's own policy.
    const preview = await handler?.({ url: 'app://flipdrop/share/embed-preview?docType=Flipbook&id=7&kind=responsive&ratio=16%3A9', method: 'GET' })
    expect(await preview?.text()).toBe('<iframe></iframe>')
    expect(preview?.headers.get('content-security-policy')).toBe('frame-src https://go.example')
    expect(asked).toEqual(['docType=Flipbook&id=7&kind=responsive&ratio=16%3A9'])
  })
})
