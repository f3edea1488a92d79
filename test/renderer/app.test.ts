import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createFlipdropApi, type BridgeTransport } from '../../src-shared/contract/bridge'
import type { Envelope } from '../../src-shared/contract/errors'
import App from '../../src-renderer/src/App.vue'

/**
 * Component tests in happy-dom: the bridge is the real one from the contract; main's side is
 * a scripted transport, standing for a main process that answers or fails on cue. The full
 * app against the real core runs in Chromium (test/e2e).
 */
function installBridge(answer: (channel: string, input: unknown) => Envelope<unknown>) {
  const calls: { channel: string; input: unknown }[] = []
  const listeners = new Map<string, Set<(payload: unknown) => void>>()
  const transport: BridgeTransport = {
    invoke: async (channel, input) => {
      calls.push({ channel, input })
      return answer(channel, input)
    },
    subscribe(channel, listener) {
      const set = listeners.get(channel) ?? new Set()
      set.add(listener)
      listeners.set(channel, set)
      return () => set.delete(listener)
    }
  }
  Object.defineProperty(window, 'flipdrop', { value: createFlipdropApi(transport, () => ''), configurable: true })
  return {
    calls,
    fire: (channel: string, payload: unknown) => listeners.get(channel)?.forEach((listener) => listener(payload)),
    listenerCount: (channel: string) => listeners.get(channel)?.size ?? 0
  }
}

const info = {
  name: 'FlipDrop',
  version: '1.2.3',
  platform: 'linux',
  versions: { electron: '45.0.0', chrome: '140.0.0', node: '22.0.0' }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('App', () => {
  beforeEach(() => setActivePinia(createPinia()))
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('shows the version main reported', async () => {
    installBridge(() => ({ ok: true, value: info }))
    const wrapper = mount(App)
    await settle()
    expect(wrapper.get('[data-testid="app-version"]').text()).toBe('Version 1.2.3')
  })

  it('shows main\'s message when the version cannot be read', async () => {
    installBridge(() => ({ ok: false, error: { code: 'internal', message: 'FlipDrop lost touch with its main process.' } }))
    const wrapper = mount(App)
    await settle()
    expect(wrapper.get('[role="alert"]').text()).toBe('FlipDrop lost touch with its main process.')
  })

  it('marks the current view in the navigation and switches on click', async () => {
    installBridge(() => ({ ok: true, value: info }))
    const wrapper = mount(App)
    await settle()
    const buttons = wrapper.findAll('nav button')
    expect(buttons.map((button) => button.text())).toEqual(['Publish', 'Library', 'Account', 'Settings'])
    expect(buttons[0]?.attributes('aria-current')).toBe('page')
    await buttons[3]?.trigger('click')
    expect(wrapper.get('h1').text()).toBe('Settings')
    expect(wrapper.text()).toContain('45.0.0')
    expect(buttons[3]?.attributes('aria-current')).toBe('page')
    expect(buttons[0]?.attributes('aria-current')).toBeUndefined()
  })

  it('follows app:navigate from the menu and stops listening when unmounted', async () => {
    const bridge = installBridge(() => ({ ok: true, value: info }))
    const wrapper = mount(App)
    await settle()
    bridge.fire('app:navigate', 'account')
    await settle()
    expect(wrapper.get('h1').text()).toBe('Account')
    wrapper.unmount()
    expect(bridge.listenerCount('app:navigate')).toBe(0)
  })

  it('sends link clicks to main instead of navigating the app', async () => {
    const bridge = installBridge((channel) => (channel === 'app:info' ? { ok: true, value: info } : { ok: true, value: undefined }))
    const wrapper = mount(App, { attachTo: document.body })
    await settle()
    const link = document.createElement('a')
    link.href = 'https://example.com/help'
    link.textContent = 'help'
    wrapper.get('main').element.appendChild(link)
    link.click()
    await settle()
    expect(bridge.calls).toContainEqual({ channel: 'app:openExternal', input: 'https://example.com/help' })
  })
})
