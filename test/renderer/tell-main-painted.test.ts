import { afterEach, describe, expect, it, vi } from 'vitest'
import { tellMainWhenPainted } from '../../src-renderer/src/tell-main-painted'
import { installBridge } from './fake-main'

describe('the first paint is told to main', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('once the frame prepared at mount has been drawn, not before, once', async () => {
    const frames: FrameRequestCallback[] = []
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback))
    const main = installBridge(() => ({ ok: true, value: undefined }))
    const painted = (): number => main.calls.filter((call) => call.channel === 'app:painted').length

    const told = tellMainWhenPainted()
    await new Promise((resolve) => setTimeout(resolve, 20))
    // No frame drawn yet: main is not told.
    expect(painted()).toBe(0)
    frames.shift()?.(16)
    await told
    expect(painted()).toBe(1)
    expect(frames).toEqual([])
  })
})
