import { describe, expect, it } from 'vitest'
import { hasWork, quitsWithoutWindow, runningUploads, trayWanted } from '../../../src-main/shell/background-policy'
import type { QueueSummary } from '../../../src-main/shell/queue-mirror'

const queue = (active: number, queuePaused = false): QueueSummary => ({ active, sending: 0, failed: 0, queuePaused, batch: { sent: 0, total: 0 } })

describe('background policy', () => {
  it('keeps FlipDrop running without a window while uploads are left, paused ones included', () => {
    expect(hasWork(queue(2))).toBe(true)
    expect(hasWork(queue(2, true))).toBe(true)
    expect(hasWork(queue(0))).toBe(false)
    expect(hasWork(undefined)).toBe(false)
  })

  it('shows the tray exactly while uploads are left and no window is open', () => {
    expect(trayWanted(false, queue(1))).toBe(true)
    expect(trayWanted(true, queue(1))).toBe(false)
    expect(trayWanted(false, queue(0))).toBe(false)
  })

  it('quits without a window on Windows and Linux once nothing is left; macOS stays in the Dock', () => {
    expect(quitsWithoutWindow('win32', queue(0))).toBe(true)
    expect(quitsWithoutWindow('linux', undefined)).toBe(true)
    expect(quitsWithoutWindow('linux', queue(1))).toBe(false)
    expect(quitsWithoutWindow('darwin', queue(0))).toBe(false)
  })

  it('asks before quitting only about uploads that would run', () => {
    expect(runningUploads(queue(3))).toBe(3)
    expect(runningUploads(queue(3, true))).toBe(0)
    expect(runningUploads(undefined)).toBe(0)
  })
})
