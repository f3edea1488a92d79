import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import type { AuthState } from '../../src-shared/domain/auth'
import type { SettingsView as View } from '../../src-shared/domain/settings'
import SettingsView from '../../src-renderer/src/views/SettingsView.vue'
import { useAuthStore } from '../../src-renderer/src/stores/auth-store'
import { useSettingsStore } from '../../src-renderer/src/stores/settings-store'
import { installBridge } from './fake-main'

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
const view: View = {
  values: { baseUrl: 'http://127.0.0.1:8787', documentUrl: '', uploadConcurrency: 2, proxyUrl: '', notifications: true },
  fromEnvironment: { baseUrl: true, documentUrl: false, apiKey: true }
}
const fromEnvironment: AuthState = { signedIn: true, account: null, storage: 'environment', problem: null }

/** The view with main accepting every save; settings from the environment, as in a pipeline. */
async function mountSaving() {
  const main = installBridge((channel, input) =>
    channel === 'settings:update' ? { ok: true, value: { ...view, values: { ...view.values, ...(input as object) } } } : { ok: true, value: view }
  )
  useSettingsStore().view = view
  useAuthStore().state = fromEnvironment
  const wrapper = mount(SettingsView)
  await settle()
  return { main, wrapper }
}

describe('SettingsView', () => {
  beforeEach(() => setActivePinia(createPinia()))

  it('marks environment overrides, locks those fields and never sends them', async () => {
    const { main, wrapper } = await mountSaving()
    expect(wrapper.text()).toContain('From environment (FLIPDROP_BASE_URL)')
    expect(wrapper.get('[data-testid="key-status"]').text()).toBe('From environment (FLIPDROP_API_KEY)')
    expect(wrapper.get('#setting-base-url').attributes('disabled')).toBeDefined()
    await wrapper.get('#setting-proxy').setValue('http://proxy.example.com:8080')
    await wrapper.get('form').trigger('submit')
    await settle()
    const sent = main.calls.find((call) => call.channel === 'settings:update')?.input as Record<string, unknown>
    expect(sent).toMatchObject({ proxyUrl: 'http://proxy.example.com:8080' })
    expect(sent).not.toHaveProperty('baseUrl')
    expect(wrapper.get('[role="status"]').text()).toBe('Settings saved.')
  })

  it('shows the schema message next to a wrong value and sends nothing', async () => {
    const main = installBridge(() => ({ ok: true, value: view }))
    useSettingsStore().view = { ...view, fromEnvironment: { baseUrl: false, documentUrl: false, apiKey: false } }
    useAuthStore().state = { ...fromEnvironment, storage: 'session' }
    const wrapper = mount(SettingsView)
    await settle()
    expect(wrapper.get('[data-testid="key-status"]').text()).toContain('this session only')
    await wrapper.get('#setting-proxy').setValue('socks5://proxy:1080')
    await wrapper.get('form').trigger('submit')
    expect(wrapper.text()).toContain('Proxy must be an http:// or https:// address')
    expect(main.calls.filter((call) => call.channel === 'settings:update')).toEqual([])
  })

  it('turns notifications off, and main receives exactly that', async () => {
    const { main, wrapper } = await mountSaving()
    const toggle = wrapper.get<HTMLInputElement>('input[type="checkbox"]')
    expect(toggle.element.checked).toBe(true)
    await toggle.setValue(false)
    await wrapper.get('form').trigger('submit')
    await settle()
    const sent = main.calls.find((call) => call.channel === 'settings:update')?.input as Record<string, unknown>
    expect(sent).toMatchObject({ notifications: false })
  })
})
