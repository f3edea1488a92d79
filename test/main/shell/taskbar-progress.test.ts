import { describe, expect, it } from 'vitest'
import type { QueueSummary } from '../../../src-main/shell/queue-mirror'
import { badgeCount, taskbarProgress } from '../../../src-main/shell/taskbar-progress'

const summary = (over: Partial<QueueSummary>): QueueSummary => ({
  active: 0,
  sending: 0,
  failed: 0,
  queuePaused: false,
  batch: { sent: 0, total: 0 },
  ...over
})

describe('taskbarProgress', () => {
  it('shows no bar when idle', () => {
    for (const platform of ['win32', 'darwin', 'linux'] as const) expect(taskbarProgress(summary({}), platform)).toEqual({ value: -1, mode: 'none' })
  })

  it('shows the fraction of the batch sent while bytes move', () => {
    const sending = summary({ active: 2, sending: 1, batch: { sent: 1234, total: 4000 } })
    expect(taskbarProgress(sending, 'win32')).toEqual({ value: 0.309, mode: 'normal' })
    expect(taskbarProgress(sending, 'darwin')).toEqual({ value: 0.309, mode: 'normal' })
  })

  it('is indeterminate on Windows while only waiting or verifying, keeping the fraction elsewhere', () => {
    const waiting = summary({ active: 1, sending: 0, batch: { sent: 500, total: 1000 } })
    expect(taskbarProgress(waiting, 'win32')).toEqual({ value: 0.5, mode: 'indeterminate' })
    expect(taskbarProgress(waiting, 'linux')).toEqual({ value: 0.5, mode: 'normal' })
    // A link the service fetches itself has no bytes to count.
    expect(taskbarProgress(summary({ active: 1, sending: 1, batch: { sent: 0, total: 0 } }), 'win32').mode).toBe('indeterminate')
  })

  it('is paused while the queue is paused', () => {
    expect(taskbarProgress(summary({ active: 3, queuePaused: true, batch: { sent: 250, total: 1000 } }), 'win32')).toEqual({ value: 0.25, mode: 'paused' })
  })

  it('turns red on Windows when something failed and nothing runs; elsewhere the badge says it', () => {
    const failed = summary({ failed: 2 })
    expect(taskbarProgress(failed, 'win32')).toEqual({ value: 1, mode: 'error' })
    expect(taskbarProgress(failed, 'darwin')).toEqual({ value: -1, mode: 'none' })
    // While uploads still run, a failure does not hide their progress.
    expect(taskbarProgress(summary({ failed: 1, active: 1, sending: 1, batch: { sent: 1, total: 2 } }), 'win32').mode).toBe('normal')
  })

  it('never leaves 0..1', () => {
    expect(taskbarProgress(summary({ active: 1, sending: 1, batch: { sent: 5000, total: 1000 } }), 'win32').value).toBe(1)
  })
})

describe('badgeCount', () => {
  it('is the number of failed jobs', () => {
    expect(badgeCount(summary({ failed: 3, active: 2 }))).toBe(3)
    expect(badgeCount(summary({}))).toBe(0)
  })
})
