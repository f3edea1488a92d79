import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Envelope } from '../../src-shared/contract/errors'
import type { AuthState } from '../../src-shared/domain/auth'
import type { JobView } from '../../src-shared/domain/queue'
import { DEFAULT_BASE_URL } from '../../src-shared/domain/settings'
import SignInView from '../../src-renderer/src/views/SignInView.vue'
import { useAuthStore } from '../../src-renderer/src/stores/auth-store'
import { useQueueStore } from '../../src-renderer/src/stores/queue-store'
import { installBridge } from './fake-main'

const signedOut: AuthState = { signedIn: false, account: null, storage: 'none', problem: null, accounts: [] }
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

function mountWith(answer: (channel: string, input: unknown) => Envelope<unknown>) {
  const main = installBridge(answer)
  const wrapper = mount(SignInView, { attachTo: document.body })
  return { main, wrapper }
}

describe('SignInView', () => {
  beforeEach(() => {
    setActivePinia(createPinia())
    document.body.innerHTML = ''
  })

  it('is branded, says what FlipDrop does in one line, and links to where the key is found on the service', () => {
    const { wrapper } = mountWith(() => ({ ok: true, value: signedOut }))
    expect(wrapper.get('h1').text()).toBe('Sign in to FlipDrop')
    expect(wrapper.get('.first-run-brand').text()).toBe('FlipDrop')
    expect(wrapper.get('.sign-in-lead').text()).toContain('flipbooks')
    const help = wrapper.get('a.help-link')
    expect(help.text()).toBe('Where do I find my API key?')
    // An https link: App's click handler opens it in the browser through main.
    expect(help.attributes('href')).toBe(DEFAULT_BASE_URL)
    // The addresses are tucked away until asked for.
    expect(wrapper.get('.sign-in-advanced button').attributes('aria-expanded')).toBe('false')
  })

  it('masks the key, with a show/hide toggle', async () => {
    const { wrapper } = mountWith(() => ({ ok: true, value: signedOut }))
    const input = wrapper.get('#api-key')
    const toggle = wrapper.get('button[aria-controls="api-key"]')
    expect(input.attributes('type')).toBe('password')
    expect(toggle.attributes('aria-pressed')).toBe('false')
    expect(toggle.attributes('aria-label')).toBe('Show key')
    await toggle.trigger('click')
    expect(input.attributes('type')).toBe('text')
    expect(toggle.attributes('aria-pressed')).toBe('true')
  })

  it('checks the form with the shared schema, opens the addresses to show their error, and does not call main', async () => {
    const { main, wrapper } = mountWith(() => ({ ok: true, value: signedOut }))
    await wrapper.get('#api-key').setValue('has a space in it')
    await wrapper.get('#base-url').setValue('ftp://example.com')
    await wrapper.get('form').trigger('submit')
    expect(wrapper.get('#api-key-error').text()).toContain('An API key has no spaces')
    expect(wrapper.get('#base-url-error').text()).toContain('must start with https://')
    expect(wrapper.get('.sign-in-advanced button').attributes('aria-expanded')).toBe('true')
    expect(wrapper.get('#api-key').attributes('aria-invalid')).toBe('true')
    expect(main.calls.filter((call) => call.channel === 'auth:signIn')).toEqual([])
  })

  it('puts the service’s refusal right under the key field, read with it', async () => {
    const { wrapper } = mountWith((channel) =>
      channel === 'auth:signIn'
        ? { ok: false, error: { code: 'unauthorized', message: 'This API key was not accepted by the service.' } }
        : { ok: true, value: signedOut }
    )
    await wrapper.get('#api-key').setValue('fd-wrong-key-0000000')
    await wrapper.get('form').trigger('submit')
    await settle()
    const error = wrapper.get('#api-key-error')
    expect(error.text()).toBe('This API key was not accepted by the service.')
    expect(error.attributes('role')).toBe('alert')
    // In the key's own block, straight after the input and its eye.
    expect(error.element.previousElementSibling?.classList.contains('key-input')).toBe(true)
    expect(wrapper.get('#api-key').attributes('aria-describedby')).toContain('api-key-error')
    // What was typed stays.
    expect(wrapper.get<HTMLInputElement>('#api-key').element.value).toBe('fd-wrong-key-0000000')
  })

  it('a network failure blames the connection, not the key: the key field is not marked wrong', async () => {
    const unreachable = 'FlipDrop can’t reach the service. Check your connection and try again; your key was not checked.'
    const { wrapper } = mountWith((channel) =>
      channel === 'auth:signIn' ? { ok: false, error: { code: 'network', message: unreachable } } : { ok: true, value: signedOut }
    )
    await wrapper.get('#api-key').setValue('fd-good-key-0000000')
    await wrapper.get('form').trigger('submit')
    await settle()
    expect(wrapper.find('#api-key-error').exists()).toBe(false)
    expect(wrapper.get('#api-key').attributes('aria-invalid')).toBeUndefined()
    const notice = wrapper.get('[data-testid="sign-in-error"]')
    expect(notice.text()).toBe(`No connection to the service ${unreachable}`)
    expect(notice.classes()).toContain('connection')
    expect(notice.classes()).not.toContain('error')
    expect(notice.attributes('role')).toBe('alert')
    // What was typed stays, ready for another try.
    expect(wrapper.get<HTMLInputElement>('#api-key').element.value).toBe('fd-good-key-0000000')
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

  it('says how many uploads wait, in the right number', async () => {
    const { wrapper } = mountWith(() => ({ ok: true, value: signedOut }))
    expect(wrapper.find('[data-testid="queue-waits"]').exists()).toBe(false)
    const queue = useQueueStore()
    const job = (id: string, state: JobView['state']) => ({ id, state, paused: false }) as JobView
    queue.jobs.set('a', job('a', 'waiting'))
    queue.jobs.set('b', job('b', 'done'))
    await settle()
    expect(wrapper.get('[data-testid="queue-waits"]').text()).toBe('1 upload waits in the queue. It continues once you sign in.')
    queue.jobs.set('c', job('c', 'queued'))
    await settle()
    expect(wrapper.get('[data-testid="queue-waits"]').text()).toBe('2 uploads wait in the queue. They continue once you sign in.')
  })
})
