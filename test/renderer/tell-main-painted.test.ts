import { afterEach, describe, expect, it, vi } from 'vitest'
import { tellMainWhenPainted } from '../../src-renderer/src/tell-main-painted'
import { installBridge } from './fake-main'

describe('the first paint is told to main', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('two animation frames after mount (after the first paint, not before it), once', () => {
    const frames: FrameRequestCallback[] = []
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback))
    const main = installBridge(() => ({ ok: true, value: undefined }))
    const painted = (): number => main.calls.filter((call) => call.channel === 'app:painted').length

    tellMainWhenPainted()
    expect(painted()).toBe(0)
    frames.shift()?.(0)
    // The first frame runs before the paint: main is not told yet.
    expect(painted()).toBe(0)
    frames.shift()?.(16)
    expect(painted()).toBe(1)
    expect(frames).toEqual([])
  })
})
