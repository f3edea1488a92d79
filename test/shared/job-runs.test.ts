import { describe, expect, it } from 'vitest'
import { runsByItself } from '../../src-shared/domain/job-runs'
import type { WaitReason } from '../../src-shared/domain/queue'

const waiting = (reason: WaitReason) => ({ state: 'waiting' as const, paused: false, waiting: { reason } })

describe('which jobs are uploads running', () => {
  it('counts jobs sending now and those that go on by themselves once time or the network allows', () => {
    expect(runsByItself({ state: 'uploading', paused: false, waiting: null })).toBe(true)
    expect(runsByItself({ state: 'verifying', paused: false, waiting: null })).toBe(true)
    expect(runsByItself({ state: 'queued', paused: false, waiting: null })).toBe(true)
    for (const reason of ['offline', 'rate-limited', 'identifying', 'retry', 'undo-window'] as const) expect(runsByItself(waiting(reason)), reason).toBe(true)
  })

  it('leaves out jobs waiting for the designer: a signed-out account, a refused key, another account to sign in', () => {
    expect(runsByItself(waiting('signed-out'))).toBe(false)
    expect(runsByItself(waiting('other-account'))).toBe(false)
    expect(runsByItself(waiting('key-refused'))).toBe(false)
    expect(runsByItself(waiting('unbound'))).toBe(false)
  })

  it('leaves out paused and finished jobs', () => {
    expect(runsByItself({ state: 'uploading', paused: true, waiting: null })).toBe(false)
    expect(runsByItself({ ...waiting('offline'), paused: true })).toBe(false)
    for (const state of ['done', 'failed', 'cancelled'] as const) expect(runsByItself({ state, paused: false, waiting: null })).toBe(false)
  })
})
