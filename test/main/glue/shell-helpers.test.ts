import { describe, expect, it, vi } from 'vitest'
import { contract } from '../../../src-shared/contract'
import { electronFake, FakeWebContents } from './electron-fake'

vi.mock('electron', async () => (await import('./electron-fake')).electronFake)

const { safeOpenExternal } = await import('../../../src-main/shell/safe-open-external')
const { claimSingleInstance } = await import('../../../src-main/shell/single-instance')
const { buildAppMenu } = await import('../../../src-main/shell/app-menu')

describe('safeOpenExternal', () => {
  it('opens https links and nothing else', async () => {
    electronFake.shell.openExternal.mockClear()
    expect(await safeOpenExternal('https://example.com')).toBe(true)
    expect(await safeOpenExternal('file:///etc/passwd')).toBe(false)
    expect(await safeOpenExternal({ toString: () => 'https://example.com' })).toBe(false)
    expect(electronFake.shell.openExternal.mock.calls).toEqual([['https://example.com/']])
  })
})

describe('claimSingleInstance', () => {
  function fakeApp(gotLock: boolean) {
    const listeners = new Map<string, (...args: unknown[]) => void>()
    return {
      listeners,
      quit: vi.fn(),
      requestSingleInstanceLock: () => gotLock,
      on: (event: string, listener: (...args: unknown[]) => void) => listeners.set(event, listener)
    }
  }

  it('quits a second copy', () => {
    const app = fakeApp(false)
    expect(claimSingleInstance(app as never, () => {})).toBe(false)
    expect(app.quit).toHaveBeenCalled()
  })

  it("hands a second copy's command line and directory to the first", () => {
    const app = fakeApp(true)
    const launches: unknown[] = []
    expect(claimSingleInstance(app as never, (launch) => launches.push(launch))).toBe(true)
    app.listeners.get('second-instance')?.({}, ['/opt/FlipDrop/flipdrop', 'a.pdf'], '/home/ana', null)
    expect(launches).toEqual([{ argv: ['/opt/FlipDrop/flipdrop', 'a.pdf'], workingDirectory: '/home/ana' }])
  })
})

type MenuShape = {
  template: { label?: string; role?: string; submenu?: { label?: string; role?: string; accelerator?: string; registerAccelerator?: boolean; click?: () => void }[] }[]
}

describe('buildAppMenu', () => {
  it('offers DevTools only in development', () => {
    const roles = (devTools: boolean) =>
      (buildAppMenu(() => undefined, { isMac: false, devTools }) as unknown as MenuShape).template
        .flatMap((item) => item.submenu ?? [])
        .map((item) => item.role)
    expect(roles(false)).not.toContain('toggleDevTools')
    expect(roles(true)).toContain('toggleDevTools')
  })

  it('has a View item per view that sends app:navigate to the window', () => {
    const contents = new FakeWebContents()
    const menu = buildAppMenu(() => contents as never, { isMac: false, devTools: false }) as unknown as MenuShape
    const viewMenu = menu.template.find((item) => item.label === 'View')
    const items = viewMenu?.submenu?.filter((item) => item.accelerator) ?? []
    expect(items.map((item) => [item.label, item.accelerator])).toEqual([
      ['Publish', 'CmdOrCtrl+1'],
      ['Library', 'CmdOrCtrl+2'],
      ['Watched folders', 'CmdOrCtrl+3'],
      ['Account', 'CmdOrCtrl+4'],
      ['Settings', 'CmdOrCtrl+5']
    ])
    items[1]?.click?.()
    expect(contents.sent).toEqual([{ channel: contract.app.navigate.channel, payload: 'library' }])
  })

  it('has Add PDFs… (CmdOrCtrl+O) and Publish from link… (CmdOrCtrl+L) in File, sent to the window as app:menuCommand', () => {
    const contents = new FakeWebContents()
    const menu = buildAppMenu(() => contents as never, { isMac: false, devTools: false }) as unknown as MenuShape
    const fileMenu = menu.template.find((item) => item.label === 'File')
    const items = fileMenu?.submenu?.filter((item) => item.accelerator) ?? []
    expect(items.map((item) => [item.label, item.accelerator, item.registerAccelerator])).toEqual([
      ['Add PDFs…', 'CmdOrCtrl+O', false],
      ['Publish from link…', 'CmdOrCtrl+L', false]
    ])
    // What the standard File role held stays: Quit here, Close on macOS.
    expect(fileMenu?.submenu?.at(-1)?.role).toBe('quit')
    const mac = buildAppMenu(() => contents as never, { isMac: true, devTools: false }) as unknown as MenuShape
    expect(mac.template.find((item) => item.label === 'File')?.submenu?.at(-1)?.role).toBe('close')
    items[0]?.click?.()
    items[1]?.click?.()
    expect(contents.sent).toEqual([
      { channel: contract.app.menuCommand.channel, payload: 'add-pdfs' },
      { channel: contract.app.menuCommand.channel, payload: 'publish-from-link' }
    ])
  })

  it('gives no two items the same accelerator', () => {
    const menu = buildAppMenu(() => undefined, { isMac: true, devTools: true }) as unknown as MenuShape
    const accelerators = menu.template.flatMap((item) => item.submenu ?? []).flatMap((item) => (item.accelerator ? [item.accelerator] : []))
    expect(accelerators.length).toBe(7)
    expect(new Set(accelerators).size).toBe(accelerators.length)
  })
})
