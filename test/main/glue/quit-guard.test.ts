import type { OpenDialogOptions } from 'electron'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { desktopElectronFake, FakeApp, FakeDesktopWindow } from './desktop-electron-fake'

vi.mock('electron', async () => (await import('./desktop-electron-fake')).desktopElectronFake)

const { askBeforeQuitting, guardQuit } = await import('../../../src-main/shell/quit-guard')
const { choosePdfs } = await import('../../../src-main/shell/choose-pdfs')
const { chooseSavePath } = await import('../../../src-main/shell/choose-save-path')

async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve()
}

function guarded(running: number, answer: boolean) {
  const app = new FakeApp()
  let finishClose: () => void = () => {}
  const deps = {
    runningUploads: vi.fn(() => running),
    confirm: vi.fn(async (_running: number) => answer),
    close: vi.fn(() => new Promise<void>((resolve) => (finishClose = resolve))),
    quitting: vi.fn(),
    log: vi.fn()
  }
  guardQuit(app as never, deps)
  return { app, deps, finishClose: () => finishClose() }
}

describe('quitting while uploading', () => {
  it('asks, and "Keep uploading" cancels the quit: the app and its uploads keep running', async () => {
    const t = guarded(3, false)
    t.app.quit()
    await settle()
    expect(t.deps.confirm).toHaveBeenCalledWith(3)
    expect(t.deps.close).not.toHaveBeenCalled()
    expect(t.deps.quitting).not.toHaveBeenCalled()
    expect(t.app.terminated).toBe(false)
    expect(t.app.exit).not.toHaveBeenCalled()
  })

  it('"Quit" quits, after the core has closed (the journal written)', async () => {
    const t = guarded(2, true)
    t.app.quit()
    await settle()
    // The quit started again by itself, passed the question, and is held for the core.
    expect(t.app.quitCalls).toHaveBeenCalledTimes(2)
    expect(t.deps.quitting).toHaveBeenCalledTimes(1)
    expect(t.deps.close).toHaveBeenCalledTimes(1)
    expect(t.app.exit).not.toHaveBeenCalled()
    t.finishClose()
    await settle()
    expect(t.app.exit).toHaveBeenCalledWith(0)
  })

  it('asks once when quit is asked again while the question is open', async () => {
    const t = guarded(1, false)
    t.app.quit()
    t.app.quit()
    await settle()
    expect(t.deps.confirm).toHaveBeenCalledTimes(1)
  })

  it('asks nothing when no upload runs, and still waits for the core to close', async () => {
    const t = guarded(0, false)
    t.app.quit()
    expect(t.deps.confirm).not.toHaveBeenCalled()
    expect(t.deps.close).toHaveBeenCalledTimes(1)
    expect(t.app.terminated).toBe(false)
    t.finishClose()
    await settle()
    expect(t.app.exit).toHaveBeenCalledWith(0)
  })

  it('asks nothing when the installer quits the app after an update closed the core, and asks again once it is reopened', async () => {
    const app = new FakeApp()
    const confirm = vi.fn(async (_running: number) => false)
    const close = vi.fn(async () => {})
    const guard = guardQuit(app as never, { runningUploads: () => 2, confirm, close, quitting: vi.fn(), log: vi.fn() })
    await guard.closeCore()
    // An install that did not happen: the core is back, and quitting closes it again.
    const open = vi.fn(async () => {})
    await guard.reopenCore(open)
    expect(open).toHaveBeenCalledTimes(1)
    app.quit()
    await settle()
    expect(confirm).toHaveBeenCalledWith(2)
    expect(app.exit).not.toHaveBeenCalled()
    // Closed again for the next try, the installer's quit passes without a question.
    await guard.closeCore()
    expect(close).toHaveBeenCalledTimes(2)
    app.quit()
    await settle()
    expect(confirm).toHaveBeenCalledTimes(1)
    expect(app.exit).toHaveBeenCalledWith(0)
    expect(close).toHaveBeenCalledTimes(2)
  })

  it('exits even when closing the core fails, and logs why', async () => {
    const app = new FakeApp()
    const log = vi.fn()
    guardQuit(app as never, {
      runningUploads: () => 0,
      confirm: async () => true,
      close: async () => {
        throw new Error('disk full')
      },
      quitting: () => {},
      log
    })
    app.quit()
    await settle()
    expect(log).toHaveBeenCalledWith('FlipDrop did not close cleanly', expect.any(Error))
    expect(app.exit).toHaveBeenCalledWith(0)
  })
})

describe('a core that does not close', () => {
  it('quits anyway after the time limit, saying so in the log', async () => {
    vi.useFakeTimers()
    try {
      const app = new FakeApp()
      const log = vi.fn()
      guardQuit(app as never, {
        runningUploads: () => 0,
        confirm: async () => true,
        close: () => new Promise<void>(() => {}),
        quitting: () => {},
        log
      })
      app.quit()
      await vi.advanceTimersByTimeAsync(4_999)
      expect(app.exit).not.toHaveBeenCalled()
      await vi.advanceTimersByTimeAsync(1)
      expect(log).toHaveBeenCalledWith('FlipDrop did not finish closing within 5 s; quitting anyway')
      expect(app.exit).toHaveBeenCalledWith(0)
    } finally {
      vi.useRealTimers()
    }
  })

  it('closes the core once when the updater closed it before quitting, and says the quit was decided', async () => {
    const app = new FakeApp()
    const close = vi.fn(async () => {})
    const guard = guardQuit(app as never, { runningUploads: () => 0, confirm: async () => true, close, quitting: () => {}, log: vi.fn() })
    expect(guard.quitting).toBe(false)
    await guard.closeCore()
    app.quit()
    expect(guard.quitting).toBe(true)
    await settle()
    expect(close).toHaveBeenCalledTimes(1)
    expect(app.exit).toHaveBeenCalledWith(0)
  })
})

describe('askBeforeQuitting', () => {
  beforeEach(() => desktopElectronFake.dialog.showMessageBox.mockClear())

  it('asks on the window, with Keep uploading as the default and the Escape answer', async () => {
    const window = new FakeDesktopWindow()
    desktopElectronFake.dialog.showMessageBox.mockResolvedValueOnce({ response: 1, checkboxChecked: false })
    expect(await askBeforeQuitting(3, window as never)).toBe(false)
    expect(desktopElectronFake.dialog.showMessageBox).toHaveBeenCalledWith(window, {
      type: 'question',
      message: '3 uploads are running. Quit anyway?',
      detail: 'They continue the next time you open FlipDrop.',
      buttons: ['Quit', 'Keep uploading'],
      defaultId: 1,
      cancelId: 1,
      noLink: true
    })
  })

  it('asks in a box of its own when the window is minimized, where a sheet would not be seen', async () => {
    const window = new FakeDesktopWindow()
    window.minimized = true
    await askBeforeQuitting(2, window as never)
    expect(desktopElectronFake.dialog.showMessageBox.mock.calls[0]).toHaveLength(1)
  })

  it('quits on the first button, and asks without a window from the tray', async () => {
    desktopElectronFake.dialog.showMessageBox.mockResolvedValueOnce({ response: 0, checkboxChecked: false })
    expect(await askBeforeQuitting(1, undefined)).toBe(true)
    expect(desktopElectronFake.dialog.showMessageBox.mock.calls[0]).toHaveLength(1)
  })
})

describe('choosePdfs', () => {
  it('shows the OS file dialog on the window: several files, PDFs first, all files possible', async () => {
    const window = new FakeDesktopWindow()
    desktopElectronFake.dialog.showOpenDialog.mockResolvedValueOnce({ canceled: false, filePaths: ['/a.pdf', '/b.pdf'] })
    expect(await choosePdfs(window as never)).toEqual(['/a.pdf', '/b.pdf'])
    // Several files at once, PDFs offered first (the queue checks each file by its bytes anyway).
    const options = desktopElectronFake.dialog.showOpenDialog.mock.lastCall?.[1] as OpenDialogOptions
    expect(desktopElectronFake.dialog.showOpenDialog.mock.lastCall?.[0]).toBe(window)
    expect(options.properties).toEqual(expect.arrayContaining(['openFile', 'multiSelections']))
    expect(options.filters?.[0]?.extensions).toEqual(['pdf'])
  })

  it('returns nothing when cancelled', async () => {
    desktopElectronFake.dialog.showOpenDialog.mockResolvedValueOnce({ canceled: true, filePaths: [] })
    expect(await choosePdfs(undefined)).toEqual([])
  })
})

describe('chooseSavePath', () => {
  it('shows the OS save dialog on the window, proposing the name, PDFs only', async () => {
    const window = new FakeDesktopWindow()
    desktopElectronFake.dialog.showSaveDialog.mockResolvedValueOnce({ canceled: false, filePath: '/home/me/Spring catalogue.pdf' })
    expect(await chooseSavePath(window as never, 'Spring catalogue.pdf')).toBe('/home/me/Spring catalogue.pdf')
    expect(desktopElectronFake.dialog.showSaveDialog).toHaveBeenLastCalledWith(window, {
      defaultPath: 'Spring catalogue.pdf',
      filters: [{ name: 'PDF documents', extensions: ['pdf'] }]
    })
  })

  it('an export proposes CSV files (the filter follows the proposed name)', async () => {
    const window = new FakeDesktopWindow()
    desktopElectronFake.dialog.showSaveDialog.mockResolvedValueOnce({ canceled: false, filePath: '/home/me/links.csv' })
    expect(await chooseSavePath(window as never, 'FlipDrop links 2026-11-24.csv')).toBe('/home/me/links.csv')
    expect(desktopElectronFake.dialog.showSaveDialog).toHaveBeenLastCalledWith(window, {
      defaultPath: 'FlipDrop links 2026-11-24.csv',
      filters: [{ name: 'CSV spreadsheets', extensions: ['csv'] }]
    })
  })

  it('returns null when cancelled, and asks without a window when there is none', async () => {
    desktopElectronFake.dialog.showSaveDialog.mockResolvedValueOnce({ canceled: true, filePath: '' })
    expect(await chooseSavePath(undefined, 'a.pdf')).toBeNull()
    expect(desktopElectronFake.dialog.showSaveDialog.mock.lastCall).toHaveLength(1)
  })
})
