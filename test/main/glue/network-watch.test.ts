import { afterEach, describe, expect, it, vi } from 'vitest'
import { electronFake } from './electron-fake'

vi.mock('electron', async () => (await import('./electron-fake')).electronFake)

const { watchNetwork } = await import('../../../src-main/shell/network-watch')

describe('watchNetwork', () => {
  afterEach(() => {
    vi.useRealTimers()
    electronFake.net.online = true
  })

  it("tells the core when Electron's online state changes, and after waking from sleep", async () => {
    vi.useFakeTimers()
    const seen: boolean[] = []
    const stop = watchNetwork((online) => seen.push(online))
    electronFake.net.online = false
    await vi.advanceTimersByTimeAsync(2_100)
    await vi.advanceTimersByTimeAsync(2_100)
    electronFake.net.online = true
    await vi.advanceTimersByTimeAsync(2_100)
    expect(seen).toEqual([false, true])
    electronFake.powerMonitor.listeners.get('resume')?.()
    expect(seen).toEqual([false, true, true])
    stop()
    expect(electronFake.powerMonitor.listeners.has('resume')).toBe(false)
    electronFake.net.online = false
    await vi.advanceTimersByTimeAsync(5_000)
    expect(seen).toEqual([false, true, true])
  })
})
