import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Envelope } from '../../src-shared/contract/errors'
import type { AuthState } from '../../src-shared/domain/auth'
import SignInView from '../../src-renderer/src/views/SignInView.vue'
import { useAuthStore } from '../../src-renderer/src/stores/auth-store'
import { installBridge } from './fake-main'

const signedOut: AuthState = { signedIn: false, account: null, storage: 'none', problem: null }
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

function mountWith(answer: (channel: string, input: unknown) => Envelope<unknown>) {
  const main = installBridge(answer)
  const wrapper = mount(SignInView)
  return { main, wrapper }
}

describe('SignInView', () => {
  beforeEach(() => setActivePinia(createPinia()))

  it('masks the key, with a show/hide toggle', async () => {
    const { wrapper } = mountWith(() => ({ ok: true, value: signedOut }))
    const input = wrapper.get('#api-key')
    const toggle = wrapper.get('button[aria-controls="api-key"]')
    expect(input.attributes('type')).toBe('password')
    expect(toggle.attributes('aria-pressed')).toBe('false')
    await toggle.trigger('click')
    expect(input.attributes('type')).toBe('text')
    expect(toggle.attributes('aria-pressed')).toBe('true')
    expect(toggle.text()).toBe('Hide key')
  })

  it('checks the form with the shared schema and does not call main when it is wrong', async () => {
    const { main, wrapper } = mountWith(() => ({ ok: true, value: signedOut }))
    await wrapper.get('#api-key').setValue('has a space in it')
    await wrapper.get('#base-url').setValue('ftp://example.com')
    await wrapper.get('form').trigger('submit')
    expect(wrapper.text()).toContain('An API key has no spaces')
    expect(wrapper.text()).toContain('must start with https://')
    expect(wrapper.get('#api-key').attributes('aria-invalid')).toBe('true')
    expect(main.calls.filter((call) => call.channel === 'auth:signIn')).toEqual([])
  })

  it('offers to keep the key for this session only when there is no keychain', async () => {
    const { main, wrapper } = mountWith((channel, input) => {
      if (channel !== 'auth:signIn') return { ok: true, value: signedOut }
      return (input as { sessionOnly: boolean }).sessionOnly
        ? { ok: true, value: { ...signedOut, signedIn: true, storage: 'session' } }
        : { ok: false, error: { code: 'keychain-unavailable', message: 'No keychain is available on this computer.' } }
    })
    await wrapper.get('#api-key').setValue('fd-key-12345678')
    await wrapper.get('form').trigger('submit')
    await settle()
    expect(wrapper.get('[role="alert"]').text()).toContain('No keychain is available')
    const keepForSession = wrapper.findAll('button').find((button) => button.text() === 'Keep the key for this session only')
    await keepForSession?.trigger('click')
    await settle()
    expect(main.calls.filter((call) => call.channel === 'auth:signIn').map((call) => call.input)).toEqual([
      { apiKey: 'fd-key-12345678', sessionOnly: false },
      { apiKey: 'fd-key-12345678', sessionOnly: true }
    ])
    expect(useAuthStore().state?.storage).toBe('session')
  })

  it('shows the reason it is asking again (a key the service stopped accepting)', async () => {
    const { wrapper } = mountWith(() => ({ ok: true, value: signedOut }))
    useAuthStore().state = { ...signedOut, problem: { code: 'unauthorized', message: 'The service no longer accepts your API key.' } }
    await settle()
    expect(wrapper.get('[role="alert"]').text()).toBe('The service no longer accepts your API key.')
  })
})
