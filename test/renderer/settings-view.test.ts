import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AuthState } from '../../src-shared/domain/auth'
import type { SettingsView as View } from '../../src-shared/domain/settings'
import { updatesUnavailable, type UpdateView } from '../../src-shared/domain/updates'
import { speak } from '../../src-renderer/src/i18n/i18n'
import SettingsView from '../../src-renderer/src/views/SettingsView.vue'
import { useAppStore } from '../../src-renderer/src/stores/app-store'
import { useAuthStore } from '../../src-renderer/src/stores/auth-store'
import { useSettingsStore } from '../../src-renderer/src/stores/settings-store'
import { installBridge } from './fake-main'

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
const view: View = {
  values: { baseUrl: 'http://127.0.0.1:8787', documentUrl: '', uploadConcurrency: 2, proxyUrl: '', notifications: true, language: 'system', readersRefresh: '6h', readersNotifications: false },
  fromEnvironment: { baseUrl: true, documentUrl: false, apiKey: true },
  proxyPasswordSet: false
}
const fromEnvironment: AuthState = { signedIn: true, account: null, storage: 'environment', problem: null, accounts: [] }

/** The view with main accepting every save; settings from the environment, as in a pipeline. */
async function mountSaving(settings: View = view) {
  let held = settings
  const main = installBridge((channel, input) => {
    if (channel === 'settings:update') {
      held = { ...held, values: { ...held.values, ...(input as object) } }
      return { ok: true, value: held }
    }
    if (channel === 'settings:setProxyPassword') {
      held = { ...held, proxyPasswordSet: (input as { password: string | null }).password !== null }
      return { ok: true, value: held }
    }
    if (channel.startsWith('links:')) return { ok: true, value: undefined }
    if (channel.startsWith('app:')) return { ok: true, value: updatesUnavailable('9.9.9') }
    return { ok: true, value: settings }
  })
  useSettingsStore().view = settings
  useAuthStore().state = fromEnvironment
  const wrapper = mount(SettingsView)
  await settle()
  return { main, wrapper }
}
const updates = (main: { calls: { channel: string; input: unknown }[] }) => main.calls.filter((call) => call.channel === 'settings:update').map((call) => call.input)

describe('SettingsView', () => {
  beforeEach(() => setActivePinia(createPinia()))

  it('is one column of named sections: Network exists (the status strip points there); no sign-out, no version', async () => {
    const { wrapper } = await mountSaving()
    useAppStore().info = { name: 'FlipDrop', version: '9.9.9', platform: 'linux', versions: { electron: '1', chrome: '1', node: '1' } }
    await settle()
    expect(wrapper.findAll('h2').map((h) => h.text())).toEqual(['Language', 'Publishing', 'Readers’ numbers', 'Watched folders', 'Network', 'Service addresses', 'API key', 'Updates'])
    expect(wrapper.get('#settings-network').attributes('aria-labelledby')).toBe('settings-network-title')
    expect(wrapper.text()).not.toContain('Sign out')
    // The version once, in Updates; a copy that cannot update itself (here) offers no check.
    expect(wrapper.get('#settings-updates').text()).toContain('This is FlipDrop 9.9.9.')
    expect(wrapper.text()).not.toContain('Check for updates')
    expect(wrapper.text()).not.toContain('App host')
    // Each network setting says when to use it.
    expect(wrapper.get('#settings-network').text()).toContain('company network')
  })

  it('marks environment overrides, locks those fields and never sends them; a proxy is kept when the field is left', async () => {
    const { main, wrapper } = await mountSaving()
    expect(wrapper.text()).toContain('FLIPDROP_BASE_URL')
    expect(wrapper.get('[data-testid="key-status"]').text()).toBe('Set on this computer by FLIPDROP_API_KEY.')
    expect(wrapper.get('#setting-base-url').attributes('disabled')).toBeDefined()
    const proxy = wrapper.get('#setting-proxy')
    await proxy.setValue('http://proxy.example.com:8080')
    await proxy.trigger('change')
    await settle()
    expect(updates(main)).toEqual([{ proxyUrl: 'http://proxy.example.com:8080' }])
    expect(wrapper.get('#settings-network [role="status"]').text()).toBe('Saved.')
    // Enter keeps it too; the same value again sends nothing.
    await proxy.trigger('keydown', { key: 'Enter' })
    await settle()
    expect(updates(main)).toHaveLength(1)
  })

  it('shows the schema message right under a wrong value and sends nothing', async () => {
    const { main, wrapper } = await mountSaving({ ...view, fromEnvironment: { baseUrl: false, documentUrl: false, apiKey: false } })
    useAuthStore().state = { ...fromEnvironment, storage: 'session' }
    await settle()
    expect(wrapper.get('[data-testid="key-status"]').text()).toContain('this session only')
    await wrapper.get('#setting-proxy').setValue('socks5://proxy:1080')
    await wrapper.get('#setting-proxy').trigger('change')
    await settle()
    expect(wrapper.get('#setting-proxy-error').text()).toContain('Proxy must be an http:// or https:// address')
    expect(wrapper.get('#setting-proxy').attributes('aria-describedby')).toContain('setting-proxy-error')
    await wrapper.get('#setting-document-url').setValue('http://docs.example.com')
    await wrapper.get('#setting-document-url').trigger('change')
    await settle()
    expect(wrapper.get('#setting-document-url-error').text()).toContain('https://')
    expect(updates(main)).toEqual([])
  })

  it('notifications and uploads at once apply as soon as they change, and main receives exactly that', async () => {
    const { main, wrapper } = await mountSaving()
    const toggle = wrapper.get('#setting-notifications')
    expect(toggle.attributes('role')).toBe('switch')
    expect(toggle.attributes('aria-checked')).toBe('true')
    await toggle.trigger('click')
    await settle()
    await wrapper.get('#setting-concurrency').setValue('4')
    await settle()
    expect(updates(main)).toEqual([{ notifications: false }, { uploadConcurrency: 4 }])
    expect(wrapper.get('#setting-notifications').attributes('aria-checked')).toBe('false')
  })

  it('readers’ numbers: how often they are counted and whether new leads are told apply at once', async () => {
    const { main, wrapper } = await mountSaving()
    const refresh = wrapper.get<HTMLSelectElement>('#setting-readers-refresh')
    expect(refresh.element.value).toBe('6h')
    expect(refresh.findAll('option').map((option) => option.text())).toEqual(['Only when the library syncs', 'Every hour', 'Every 6 hours', 'Once a day'])
    await refresh.setValue('daily')
    await settle()
    const notify = wrapper.get('#setting-readers-notify')
    expect(notify.attributes('aria-checked')).toBe('false')
    await notify.trigger('click')
    await settle()
    expect(updates(main)).toEqual([{ readersRefresh: 'daily' }, { readersNotifications: true }])
    expect(wrapper.get('#setting-readers-notify').attributes('aria-checked')).toBe('true')
  })
})

describe('Settings → Language', () => {
  beforeEach(() => setActivePinia(createPinia()))
  afterEach(() => speak('en'))

  it('offers the system language by name, then the ten languages each in its own name and script; a choice is saved at once', async () => {
    const { main, wrapper } = await mountSaving()
    useAppStore().info = { name: 'FlipDrop', version: '9.9.9', platform: 'linux', versions: { electron: '1', chrome: '1', node: '1' }, preferredLanguages: ['de-CH', 'en'] }
    await settle()
    const select = wrapper.get<HTMLSelectElement>('#setting-language')
    expect(select.element.value).toBe('system')
    const options = select.findAll('option')
    expect(options.map((option) => option.text())).toEqual([
      'System language (\u2068Deutsch\u2069)',
      'English', 'Deutsch', 'Français', 'Español', 'Português (Brasil)', 'Italiano', 'Nederlands', '日本語', '简体中文', 'العربية'
    ])
    const arabic = options.at(-1)
    expect(arabic?.attributes('lang')).toBe('ar')
    expect(arabic?.attributes('dir')).toBe('rtl')
    await select.setValue('ja')
    await settle()
    expect(updates(main)).toEqual([{ language: 'ja' }])
    expect(wrapper.get('#settings-language [role="status"]').text()).toBe('Saved.')
    // In that language now (language-choice.ts speaks it when the setting changes): the section says so itself.
    await speak('ja')
    await settle()
    expect(wrapper.get('#settings-language-title').text()).toBe('言語')
    expect(wrapper.get('#settings-language [role="status"]').text()).toBe('保存しました。')
  })
})

describe('Settings → Network: the proxy password', () => {
  beforeEach(() => setActivePinia(createPinia()))
  const passwordCalls = (main: { calls: { channel: string; input: unknown }[] }) =>
    main.calls.filter((call) => call.channel === 'settings:setProxyPassword').map((call) => call.input)

  it('is typed once and sent write-only to main; the form then only says it is saved, with Change and Remove', async () => {
    const { main, wrapper } = await mountSaving({ ...view, values: { ...view.values, proxyUrl: 'http://dana@proxy.example.com:8080' } })
    const field = wrapper.get('#setting-proxy-password')
    expect(field.attributes('type')).toBe('password')
    await field.setValue('pw-5521')
    await wrapper.findAll('#settings-network button').find((button) => button.text() === 'Save password')?.trigger('click')
    await settle()
    expect(passwordCalls(main)).toEqual([{ password: 'pw-5521' }])
    expect(wrapper.find('#setting-proxy-password').exists()).toBe(false)
    expect(wrapper.get('[data-testid="proxy-password-status"]').text()).toContain('Saved in your keychain.')
    expect(wrapper.html()).not.toContain('pw-5521')

    const button = (name: string) => wrapper.findAll('#settings-network button').find((candidate) => candidate.text() === name)
    await button('Change')?.trigger('click')
    await settle()
    expect((wrapper.get('#setting-proxy-password').element as HTMLInputElement).value).toBe('')
    await button('Cancel')?.trigger('click')
    await settle()
    await button('Remove')?.trigger('click')
    await settle()
    expect(passwordCalls(main)).toEqual([{ password: 'pw-5521' }, { password: null }])
    expect(wrapper.find('#setting-proxy-password').exists()).toBe(true)
  })

  it('is asked for only with a proxy, and a password typed into the address is refused with where it goes', async () => {
    const { main, wrapper } = await mountSaving()
    expect(wrapper.find('#setting-proxy-password').exists()).toBe(false)
    const proxy = wrapper.get('#setting-proxy')
    await proxy.setValue('http://dana:pw-5521@proxy.example.com:8080')
    await proxy.trigger('change')
    await settle()
    expect(updates(main)).toEqual([])
    expect(wrapper.get('#settings-network').text()).toContain('password field')
    expect(wrapper.find('#setting-proxy-password').exists()).toBe(true)
  })
})

describe('Settings → Updates', () => {
  beforeEach(() => setActivePinia(createPinia()))

  const ready: UpdateView = { ...updatesUnavailable('1.0.0'), available: true, phase: 'ready', version: '1.1.0' }

  async function mountUpdates(first: UpdateView) {
    const main = installBridge((channel) => {
      if (channel === 'app:updates') return { ok: true, value: first }
      if (channel === 'app:checkForUpdates') return { ok: true, value: { ...first, phase: 'up-to-date', checkedAt: new Date().toISOString() } }
      if (channel === 'app:restartToUpdate') return { ok: true, value: first }
      if (channel.startsWith('links:')) return { ok: true, value: undefined }
      return { ok: true, value: view }
    })
    useSettingsStore().view = view
    useAuthStore().state = fromEnvironment
    const wrapper = mount(SettingsView)
    await settle()
    return { main, wrapper }
  }

  it('checks for updates on an installed copy and says it is up to date', async () => {
    const { main, wrapper } = await mountUpdates({ ...updatesUnavailable('1.0.0'), available: true })
    const section = wrapper.get('#settings-updates')
    expect(section.text()).toContain('This is FlipDrop 1.0.0.')
    await section.get('button').trigger('click')
    await settle()
    expect(main.calls.some((call) => call.channel === 'app:checkForUpdates')).toBe(true)
    expect(section.text()).toContain('FlipDrop is up to date.')
  })

  it('offers "Restart to update" once downloaded, and not while uploads run', async () => {
    const { main, wrapper } = await mountUpdates(ready)
    const section = wrapper.get('#settings-updates')
    expect(section.text()).toContain('FlipDrop 1.1.0 is ready.')
    await section.get('button').trigger('click')
    await settle()
    expect(main.calls.some((call) => call.channel === 'app:restartToUpdate')).toBe(true)

    main.fire('app:updatesChanged', { ...ready, waitingForUploads: true })
    await settle()
    expect(section.text()).not.toContain('Restart to update')
    expect(section.text()).toContain('It installs once your uploads are done')
  })

  it('says why a restart did not install, and offers it again', async () => {
    const { main, wrapper } = await mountUpdates({ ...ready, installFailure: 'password-not-given' })
    const section = wrapper.get('#settings-updates')
    expect(section.get('[role="alert"]').text()).toBe(
      'The update was not installed: the administrator password was not given. FlipDrop is still running the current version; nothing was lost.'
    )
    await section.get('button').trigger('click')
    await settle()
    expect(main.calls.some((call) => call.channel === 'app:restartToUpdate')).toBe(true)
  })

  it('offers "Download the new version" where this copy cannot install updates itself, opening the release page through main', async () => {
    const { main, wrapper } = await mountUpdates({ ...ready, phase: 'download-available', downloadUrl: 'https://flipdrop.app/download' })
    const section = wrapper.get('#settings-updates')
    expect(section.text()).toContain('FlipDrop 1.1.0 is available.')
    expect(section.text()).not.toContain('Restart to update')
    const button = section.get('button')
    expect(button.text()).toBe('Download the new version')
    await button.trigger('click')
    await settle()
    expect(main.calls.filter((call) => call.channel === 'app:openExternal').map((call) => call.input)).toEqual(['https://flipdrop.app/download'])
    expect(main.calls.some((call) => call.channel === 'app:restartToUpdate')).toBe(false)
  })
})
