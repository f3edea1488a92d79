import { afterEach, describe, expect, it, vi } from 'vitest'
import { throttle } from '../../../src-main/core/throttle'
import { trayIconPath } from '../../../src-main/shell/tray-icon-path'

describe('throttle', () => {
  afterEach(() => vi.useRealTimers())

  it('runs at once when idle, then at most once per interval, never losing the last request', () => {
    vi.useFakeTimers()
    const run = vi.fn()
    const throttled = throttle(run, 250)
    throttled.request()
    expect(run).toHaveBeenCalledTimes(1)
    for (let i = 0; i < 10; i++) throttled.request()
    expect(run).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(250)
    expect(run).toHaveBeenCalledTimes(2)
    vi.advanceTimersByTime(1000)
    expect(run).toHaveBeenCalledTimes(2)
    throttled.request()
    expect(run).toHaveBeenCalledTimes(3)
  })

  it('flushes a waiting call, and cancels', () => {
    vi.useFakeTimers()
    const run = vi.fn()
    const throttled = throttle(run, 250)
    throttled.request()
    throttled.request()
    throttled.flush()
    expect(run).toHaveBeenCalledTimes(2)
    throttled.request()
    throttled.cancel()
    vi.advanceTimersByTime(1000)
    expect(run).toHaveBeenCalledTimes(2)
  })
})

describe('trayIconPath', () => {
  it('uses the template image on macOS and the coloured one elsewhere, from resources/tray when packaged', () => {
    const where = { resourcesPath: '/Applications/FlipDrop.app/Contents/Resources', appPath: '/src/flipdrop' }
    expect(trayIconPath({ ...where, platform: 'darwin', packaged: true })).toBe('/Applications/FlipDrop.app/Contents/Resources/tray/trayTemplate.png')
    expect(trayIconPath({ ...where, platform: 'linux', packaged: false })).toBe('/src/flipdrop/build/tray/tray.png')
  })
})
