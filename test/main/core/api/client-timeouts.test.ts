import { describe, expect, it } from 'vitest'
import { DEFAULT_CLIENT_TIMEOUTS, scaleTimeouts, timeoutScaleOf, uploadAnswerTimeout } from '../../../../src-main/core/api/client-timeouts'
import { environmentOverrides } from '../../../../src-main/core/settings/environment-overrides'

describe('how long the client waits for the service', () => {
  it('waits for a create at least the service’s own 60 s source time plus a margin, and longer for a big file', () => {
    expect(DEFAULT_CLIENT_TIMEOUTS.createByUrlMs).toBeGreaterThan(60_000)
    expect(uploadAnswerTimeout(DEFAULT_CLIENT_TIMEOUTS, 1024)).toBeGreaterThan(60_000)
    const big = uploadAnswerTimeout(DEFAULT_CLIENT_TIMEOUTS, 500 * 1024 * 1024)
    expect(big - uploadAnswerTimeout(DEFAULT_CLIENT_TIMEOUTS, 1024)).toBe(499 * DEFAULT_CLIENT_TIMEOUTS.uploadAnswerPerMbMs)
    // A read waits out a service answering in 20–40 s.
    expect(DEFAULT_CLIENT_TIMEOUTS.requestMs).toBeGreaterThan(40_000)
  })

  it('FLIPDROP_TIMEOUT_SCALE multiplies every timeout; anything but a positive number is ignored', () => {
    expect(scaleTimeouts(DEFAULT_CLIENT_TIMEOUTS, 0.1)).toEqual({
      requestMs: DEFAULT_CLIENT_TIMEOUTS.requestMs / 10,
      createByUrlMs: DEFAULT_CLIENT_TIMEOUTS.createByUrlMs / 10,
      uploadAnswerMs: DEFAULT_CLIENT_TIMEOUTS.uploadAnswerMs / 10,
      uploadAnswerPerMbMs: DEFAULT_CLIENT_TIMEOUTS.uploadAnswerPerMbMs / 10,
      stallMs: DEFAULT_CLIENT_TIMEOUTS.stallMs / 10
    })
    expect(environmentOverrides({ FLIPDROP_TIMEOUT_SCALE: '2' }).timeoutScale).toBe(2)
    for (const bad of ['', '0', '-1', 'soon']) expect(timeoutScaleOf(bad), bad).toBeUndefined()
  })
})
