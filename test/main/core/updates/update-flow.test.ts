import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createLogger } from '../../../../src-main/core/log'
import { createUpdateFlow, type UpdaterEvent, type UpdaterPort } from '../../../../src-main/core/updates/update-flow'
import {
  CHECK_INTERVAL_MS,
  FIRST_CHECK_DELAY_MS,
  installFailureOf,
  installModeOf,
  installStep,
  mayCheck,
  offersRestart
} from '../../../../src-main/core/updates/update-policy'
import type { UpdateView } from '../../../../src-shared/domain/updates'

function fakeUpdater() {
  let listener: (event: UpdaterEvent) => void = () => {}
  /** Ends the pending install as electron-updater does when it could not install. */
  let fail: (error: Error) => void = () => {}
  const port: UpdaterPort & { checks: number; installs: number; fail(error: Error): void } = {
    checks: 0,
    installs: 0,
    fail: (error) => fail(error),
    async check() {
      port.checks++
    },
    install() {
      port.installs++
      return new Promise<Error>((resolve) => (fail = resolve))
    },
    subscribe(next) {
      listener = next
      return () => {}
    }
  }
  return { port, send: (event: UpdaterEvent) => listener(event) }
}

describe('update policy', () => {
  it('checks only when nothing is under way, offers and installs only a downloaded update with no upload running', () => {
    expect(['idle', 'up-to-date', 'failed'].every((phase) => mayCheck(phase as never))).toBe(true)
    expect(['checking', 'downloading', 'ready'].some((phase) => mayCheck(phase as never))).toBe(false)
    expect(offersRestart('ready', 0)).toBe(true)
    expect(offersRestart('ready', 1)).toBe(false)
    expect(offersRestart('downloading', 0)).toBe(false)
    expect(installStep('ready', 3)).toBe('wait-for-uploads')
    expect(installStep('failed', 0)).toBe('nothing-to-install')
    expect(installStep('installing', 0)).toBe('nothing-to-install')
    expect(mayCheck('installing')).toBe(false)
    expect(mayCheck('download-available')).toBe(true)
  })

  it('offers the release page instead of installing only on an unsigned macOS build', () => {
    expect(installModeOf('darwin', false)).toBe('download-page')
    expect(installModeOf('darwin', true)).toBe('itself')
    expect(installModeOf('linux', false)).toBe('itself')
    expect(installModeOf('win32', false)).toBe('itself')
  })

  it("says why an install did not happen, from electron-updater's errors", () => {
    // LinuxUpdater.spawnSyncLog: pkexec's exit when the prompt is dismissed (126) or not authorized (127).
    expect(installFailureOf(new Error('Command pkexec exited with code 126'))).toBe('password-not-given')
    expect(installFailureOf(new Error('Command pkexec exited with code 127'))).toBe('password-not-given')
    // dpkg itself failing under an accepted password is not a missing password.
    expect(installFailureOf(new Error('Command pkexec exited with code 1'))).toBe('other')
    // AppImageUpdater.doInstall: unlinkSync and `mv` of the running AppImage.
    expect(installFailureOf(Object.assign(new Error("EACCES: permission denied, unlink '/opt/apps/FlipDrop.AppImage'"), { code: 'EACCES' }))).toBe('cannot-replace')
    expect(installFailureOf(Object.assign(new Error('read-only file system'), { code: 'EROFS' }))).toBe('cannot-replace')
    expect(installFailureOf(new Error('Command failed: mv -f /tmp/a /opt/b'))).toBe('cannot-replace')
    expect(installFailureOf(new Error('Code signature at URL did not pass validation'))).toBe('other')
  })
})

describe('the update flow', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('checks once start-up has settled, then daily, and not again while a download runs', async () => {
    const { port, send } = fakeUpdater()
    const flow = createUpdateFlow({
      updater: port,
      currentVersion: '1.0.0',
      runningUploads: () => 0,
      closeCore: async () => {},
      reopenCore: async () => {},
      emit: () => {},
      log: createLogger(() => {})
    })
    flow.start()
    await vi.advanceTimersByTimeAsync(FIRST_CHECK_DELAY_MS - 1)
    expect(port.checks).toBe(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(port.checks).toBe(1)
    await vi.advanceTimersByTimeAsync(CHECK_INTERVAL_MS)
    expect(port.checks).toBe(2)
    send({ type: 'available', version: '1.1.0' })
    await vi.advanceTimersByTimeAsync(CHECK_INTERVAL_MS)
    expect(port.checks).toBe(2)
    send({ type: 'progress', percent: 41.6 })
    expect(flow.view()).toMatchObject({ phase: 'downloading', version: '1.1.0', percent: 42 })
    send({ type: 'downloaded', version: '1.1.0' })
    // A later error (a second download attempt) does not take a ready update away.
    send({ type: 'error', error: new Error('ENOSPC') })
    expect(flow.view().phase).toBe('ready')
    flow.stop()
  })

  it('never installs before the journal is closed', async () => {
    const { port, send } = fakeUpdater()
    let closed = false
    let closedBeforeInstall = false
    const installing = vi.spyOn(port, 'install').mockImplementation(() => {
      closedBeforeInstall = closed
      return new Promise<Error>(() => {})
    })
    const flow = createUpdateFlow({
      updater: port,
      currentVersion: '1.0.0',
      runningUploads: () => 0,
      closeCore: async () => {
        await new Promise((resolve) => setTimeout(resolve, 4_000))
        closed = true
      },
      reopenCore: async () => {},
      emit: () => {},
      log: createLogger(() => {})
    })
    send({ type: 'downloaded', version: '1.1.0' })
    const restarting = flow.restartToUpdate()
    await vi.advanceTimersByTimeAsync(4_000)
    await restarting
    expect(installing).toHaveBeenCalledTimes(1)
    expect(closedBeforeInstall).toBe(true)
    // Asked twice: installs once.
    await flow.restartToUpdate()
    expect(installing).toHaveBeenCalledTimes(1)
  })

  it('after an install that did not happen, reopens the queue, says why, and lets "Restart to update" try again', async () => {
    const { port, send } = fakeUpdater()
    const order: string[] = []
    const views: UpdateView[] = []
    const flow = createUpdateFlow({
      updater: port,
      currentVersion: '1.0.0',
      runningUploads: () => 0,
      closeCore: async () => void order.push('close'),
      reopenCore: async () => void order.push('reopen'),
      emit: (view) => views.push(view),
      log: createLogger(() => {})
    })
    send({ type: 'downloaded', version: '1.1.0' })
    await flow.restartToUpdate()
    expect(flow.view().phase).toBe('installing')
    // electron-updater's own error event while installing is the install's, not a failed check.
    send({ type: 'error', error: new Error('Command pkexec exited with code 126') })
    port.fail(new Error('Command pkexec exited with code 126'))
    await vi.waitFor(() => expect(flow.view().installFailure).toBe('password-not-given'))
    expect(order).toEqual(['close', 'reopen'])
    expect(flow.view()).toMatchObject({ phase: 'ready', version: '1.1.0', installFailure: 'password-not-given' })
    expect(views.some((view) => view.phase === 'installing')).toBe(true)
    // Again: it closes and installs again, and the old reason is gone meanwhile.
    await flow.restartToUpdate()
    expect(port.installs).toBe(2)
    expect(order).toEqual(['close', 'reopen', 'close'])
    expect(flow.view()).toMatchObject({ phase: 'installing', installFailure: null })
    flow.stop()
  })

  it('on a copy that cannot install itself, offers the release page for a new version and never installs', async () => {
    const { port, send } = fakeUpdater()
    const closeCore = vi.fn(async () => {})
    const flow = createUpdateFlow({
      updater: port,
      currentVersion: '1.0.0',
      downloadPage: 'https://flipdrop.app/download',
      runningUploads: () => 0,
      closeCore,
      reopenCore: async () => {},
      emit: () => {},
      log: createLogger(() => {})
    })
    send({ type: 'available', version: '1.1.0' })
    expect(flow.view()).toMatchObject({ phase: 'download-available', version: '1.1.0', downloadUrl: 'https://flipdrop.app/download' })
    expect(await flow.restartToUpdate()).toMatchObject({ phase: 'download-available' })
    expect(closeCore).not.toHaveBeenCalled()
    expect(port.installs).toBe(0)
    // A later check may find a newer one.
    await flow.check()
    expect(port.checks).toBe(1)
    flow.stop()
  })
})
