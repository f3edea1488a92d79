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
    serveAppProtocol(session as never, dir)
    const response = await handler?.({ url: 'app://flipdrop/index.html', method: 'GET' })
    expect(response?.status).toBe(200)
    expect(await response?.text()).toContain('FlipDrop')
    expect(response?.headers.get('content-security-policy')).toContain("worker-src 'self'")
  })
})
