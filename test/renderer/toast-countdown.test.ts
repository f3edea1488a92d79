import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, describe, expect, it, vi } from 'vitest'
import ToastMessage from '../../src-renderer/src/components/ToastMessage.vue'
import { useToast } from '../../src-renderer/src/stores/toast'

afterEach(() => vi.restoreAllMocks())

describe('a notice with an action', () => {
  it('counts its seconds down on the monotonic clock: setting the computer clock back 2 h does not make "Undo (8 s)" read 2 hours', async () => {
    setActivePinia(createPinia())
    const realNow = Date.now.bind(Date)
    const wrapper = mount(ToastMessage)
    useToast().show('Replaced “Catalogue”.', 'info', { action: { label: 'Undo', run: () => undefined } })
    vi.spyOn(Date, 'now').mockImplementation(() => realNow() - 2 * 3600_000)
    // Past the next tick of its quarter-second clock.
    await new Promise((resolve) => setTimeout(resolve, 400))
    const seconds = Number(/\((\d+) s\)/.exec(wrapper.get('.toast-countdown').text())?.[1])
    expect(seconds).toBeGreaterThan(0)
    expect(seconds).toBeLessThanOrEqual(8)
    wrapper.unmount()
  })
})
