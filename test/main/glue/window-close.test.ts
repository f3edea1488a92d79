import { describe, expect, it, vi } from 'vitest'
import { FakeBrowserWindow } from './electron-fake'

vi.mock('electron', async () => (await import('./electron-fake')).electronFake)

const { onWindowClose } = await import('../../../src-main/shell/window-close')

describe('closing the window', () => {
  it('is cancelled and the window minimized when it must be kept', () => {
    const window = new FakeBrowserWindow({})
    const after = vi.fn()
    onWindowClose(window as never, () => true, after)
    expect(window.fire('close')).toBe(true)
    expect(window.minimized).toBe(true)
    expect(after).toHaveBeenCalledTimes(1)
  })

  it('goes ahead otherwise', () => {
    const window = new FakeBrowserWindow({})
    onWindowClose(window as never, () => false)
    expect(window.fire('close')).toBe(false)
    expect(window.minimized).toBe(false)
  })
})
