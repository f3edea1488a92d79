import { describe, expect, it, vi } from 'vitest'

vi.mock('electron', async () => (await import('./electron-fake')).electronFake)

const { denyAllPermissions } = await import('../../../src-main/shell/harden-contents')

type RequestHandler = (contents: unknown, permission: string, callback: (granted: boolean) => void, details: unknown) => void
type CheckHandler = (contents: unknown, permission: string, origin: string, details: unknown) => boolean

// Copying goes through main (Electron's clipboard, `app:copyText`). The page's own
// navigator.clipboard asks Chromium for these permissions (a check, then a request):
// both must be refused, read and write, whatever the page is.
describe('the renderer and the clipboard', () => {
  it('is denied navigator.clipboard reads and writes, by the check and by the request', () => {
    let request: RequestHandler | undefined
    let check: CheckHandler | undefined
    denyAllPermissions({
      setPermissionRequestHandler: (handler: RequestHandler) => (request = handler),
      setPermissionCheckHandler: (handler: CheckHandler) => (check = handler)
    } as never)
    for (const permission of ['clipboard-read', 'clipboard-sanitized-write', 'deprecated-sync-clipboard-read']) {
      const answers: boolean[] = []
      request?.({}, permission, (granted) => answers.push(granted), { requestingUrl: 'app://flipdrop/index.html' })
      expect(answers, permission).toEqual([false])
      expect(check?.({}, permission, 'app://flipdrop', { requestingUrl: 'app://flipdrop/index.html' }), permission).toBe(false)
    }
  })
})
