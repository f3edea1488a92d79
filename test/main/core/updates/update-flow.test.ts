import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createLogger } from '../../../../src-main/core/log'
import { createUpdateFlow, type UpdaterEvent, type UpdaterPort } from '../../../../src-main/core/updates/update-flow'
import { CHECK_INTERVAL_MS, FIRST_CHECK_DELAY_MS, installStep, mayCheck, offersRestart } from '../../../../src-main/core/updates/update-policy'

function fakeUpdater() {
  let listener: (event: UpdaterEvent) => void = () => {}
  const port: UpdaterPort & { checks: number; installs: number } = {
    checks: 0,
    installs: 0,
    async check() {
      port.checks++
    },
    install() {
      port.installs++
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
  })
})

describe('the update flow', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('checks once start-up has settled, then daily, and not again while a download runs', async () => {
    const { port, send } = fakeUpdater()
    const flow = createUpdateFlow({ updater: port, currentVersion: '1.0.0', runningUploads: () => 0, closeCore: async () => {}, emit: () => {}, log: createLogger(() => {}) })
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
    })
    const flow = createUpdateFlow({
      updater: port,
      currentVersion: '1.0.0',
      runningUploads: () => 0,
      closeCore: async () => {
        await new Promise((resolve) => setTimeout(resolve, 4_000))
        closed = true
      },
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
})
