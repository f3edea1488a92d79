import { beforeEach, describe, expect, it, vi } from 'vitest'
import { contract } from '../../../src-shared/contract'
import type { JobView } from '../../../src-shared/domain/queue'
import { createLogger } from '../../../src-main/core/log'
import type { UpdaterEvent, UpdaterPort } from '../../../src-main/core/updates/update-flow'
import { change, fileJob, queueView } from '../shell/queue-views'
import { desktopElectronFake, FakeApp } from './desktop-electron-fake'

vi.mock('electron', async () => (await import('./desktop-electron-fake')).desktopElectronFake)

const { startDesktop } = await import('../../../src-main/shell/desktop')
const { OpenedPathsInbox } = await import('../../../src-main/shell/opened-paths')
const { askBeforeQuitting, guardQuit } = await import('../../../src-main/shell/quit-guard')
const { createUpdateFlow } = await import('../../../src-main/core/updates/update-flow')

/*
 * A job waiting for a signed-out account is not an upload running: wired as index.ts wires
 * them, the desktop's count feeds both the quit question and "Restart to update".
 */

const waitingForDana = (id: string): JobView => ({
  ...fileJob(id, 'waiting'),
  waiting: { reason: 'signed-out', message: 'Waiting for Dana Kim (dana@northwind.example) to sign in; nothing was lost.', until: null, account: 'Dana Kim' }
})

function shell(jobs: JobView[]) {
  let view = queueView(jobs)
  const core = {
    uploads: { list: () => view, enqueueOpened: vi.fn(), jobAccount: () => null },
    auth: { status: () => ({ accounts: [] }) },
    settings: { get: () => ({ values: { notifications: false } }) }
  }
  const app = new FakeApp()
  const desktop = startDesktop({
    platform: 'linux',
    window: () => undefined,
    reveal: () => {
      throw new Error('no window here')
    },
    core: () => core as never,
    trayIconPath: '/resources/tray/tray.png',
    opened: new OpenedPathsInbox(),
    copyText: () => {},
    quit: () => app.quit(),
    log: () => {}
  })
  desktop.observe(contract.app.startupChanged, { phase: 'ready', message: null })
  const asked: number[] = []
  const quit = guardQuit(app as never, {
    runningUploads: () => desktop.runningUploads(),
    confirm: async (running) => {
      asked.push(running)
      return askBeforeQuitting(running, undefined)
    },
    close: async () => {},
    quitting: () => desktop.dispose(),
    log: () => {}
  })
  let send: (event: UpdaterEvent) => void = () => {}
  const port: UpdaterPort = {
    check: async () => {},
    install: vi.fn(() => new Promise<Error>(() => {})),
    subscribe: (listener) => {
      send = listener
      return () => {}
    }
  }
  const flow = createUpdateFlow({
    updater: port,
    currentVersion: '1.0.0',
    runningUploads: () => desktop.runningUploads(),
    closeCore: () => quit.closeCore(),
    reopenCore: async () => {},
    emit: () => {},
    log: createLogger(() => {})
  })
  send({ type: 'downloaded', version: '1.1.0' })
  const changeTo = (next: JobView[]): void => {
    view = queueView(next)
    desktop.observe(contract.uploads.changed, change(next))
    flow.uploadsChanged()
  }
  return { app, flow, port, asked, changeTo, desktop }
}

describe('a job waiting for a signed-out account', () => {
  beforeEach(() => desktopElectronFake.dialog.showMessageBox.mockClear())

  it('does not hold back "Restart to update"', async () => {
    const t = shell([waitingForDana('board report'), fileJob('old', 'done')])
    expect(t.flow.view()).toMatchObject({ phase: 'ready', waitingForUploads: false })
    await t.flow.restartToUpdate()
    await vi.waitFor(() => expect(t.port.install).toHaveBeenCalledTimes(1))
  })

  it('makes no quit question claim uploads are running: FlipDrop quits without asking', async () => {
    const t = shell([waitingForDana('board report')])
    t.app.quit()
    await vi.waitFor(() => expect(t.app.exit).toHaveBeenCalledWith(0))
    expect(t.asked).toEqual([])
    expect(desktopElectronFake.dialog.showMessageBox).not.toHaveBeenCalled()
  })

  it('while a job that really sends still holds both, and is the only one counted', async () => {
    const t = shell([waitingForDana('board report'), fileJob('brochure', 'uploading')])
    expect(t.desktop.runningUploads()).toBe(1)
    expect(t.flow.view().waitingForUploads).toBe(true)
    await t.flow.restartToUpdate()
    expect(t.port.install).not.toHaveBeenCalled()
    t.app.quit()
    await vi.waitFor(() => expect(t.asked).toEqual([1]))
    const [options] = desktopElectronFake.dialog.showMessageBox.mock.calls.at(-1) ?? []
    expect(JSON.stringify(options)).toMatch(/1 upload/)
    // Once it is published, the signed-out job holds nothing.
    t.changeTo([waitingForDana('board report'), fileJob('brochure', 'done')])
    expect(t.flow.view().waitingForUploads).toBe(false)
  })

  it('keeps no tray and lets Windows and Linux quit when the window closes with only such a job left', () => {
    const t = shell([waitingForDana('board report')])
    expect(t.desktop.keepsRunningWithoutWindow()).toBe(false)
    const sending = shell([waitingForDana('board report'), fileJob('brochure', 'queued')])
    expect(sending.desktop.keepsRunningWithoutWindow()).toBe(true)
  })
})
