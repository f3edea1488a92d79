import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Envelope } from '../../src-shared/contract/errors'
import type { AuthState } from '../../src-shared/domain/auth'
import type { LibrarySnapshot } from '../../src-shared/domain/library'
import type { EnqueueResult, QueueView } from '../../src-shared/domain/queue'
import type { SettingsView } from '../../src-shared/domain/settings'
import App from '../../src-renderer/src/App.vue'
import { installBridge } from './fake-main'

const info = {
  name: 'FlipDrop',
  version: '1.2.3',
  platform: 'linux',
  versions: { electron: '45.0.0', chrome: '140.0.0', node: '22.0.0' }
}

const signedIn: AuthState = {
  signedIn: true,
  account: { userId: '1', vendorId: '2', name: 'Ada', email: 'ada@example.com', brand: 'Ada Studio', appUrl: 'x', maxFileSizeMb: 100 },
  storage: 'keychain',
  problem: null,
  accounts: [{ userId: '1', name: 'Ada', email: 'ada@example.com', brand: 'Ada Studio', profileImage: null, current: true, signedIn: true, storage: 'keychain', problem: null }]
}
const settingsView: SettingsView = {
  values: { baseUrl: 'https://go.fliplink.me', documentUrl: '', uploadConcurrency: 2, proxyUrl: '', notifications: true, language: 'system', readersRefresh: '6h', readersNotifications: false },
  fromEnvironment: { baseUrl: false, documentUrl: false, apiKey: false },
  proxyPasswordSet: false
}

/** main's answers for a signed-in user; `info` may be replaced by a failure. */
function answers(infoReply: Envelope<unknown> = { ok: true, value: info }) {
  return (channel: string): Envelope<unknown> => {
    if (channel === 'app:info') return infoReply
    if (channel === 'app:startupState') return { ok: true, value: { phase: 'ready', message: null } }
    if (channel === 'auth:status' || channel === 'auth:refresh') return { ok: true, value: signedIn }
    if (channel === 'settings:get') return { ok: true, value: settingsView }
    if (channel === 'uploads:list') return { ok: true, value: emptyQueue }
    if (channel === 'uploads:takeInbox') return { ok: true, value: nothingOpened }
    if (channel === 'library:snapshot') return { ok: true, value: emptyLibrary }
    if (channel === 'links:list') return { ok: true, value: { links: [], folders: [], keepCopies: false, watching: true } }
    if (channel === 'account:cached') return { ok: true, value: { profile: null, plan: null, payments: null } }
    if (channel === 'account:profile') return { ok: true, value: { name: 'Ada', phone: '', profileImage: '' } }
    if (channel === 'account:payments') return { ok: true, value: [] }
    if (channel === 'account:plan') return { ok: false, error: { code: 'network', message: 'The service could not be reached.' } }
    if (channel === 'account:references') return { ok: true, value: { lists: null, updatedAt: null, refreshing: false, problem: null } }
    return { ok: true, value: undefined }
  }
}

const emptyQueue: QueueView = {
  jobs: [],
  paused: false,
  connectivity: { online: true, problem: null, retryAt: null, rateLimitedUntil: null, signedIn: true, nextCheckAt: null },
  limits: { maxFileSizeBytes: null, quotas: {}, learnedAt: null },
  notices: []
}
const nothingOpened: EnqueueResult = { added: [], refused: [], sameContent: [] }
const emptyLibrary: LibrarySnapshot = {
  items: [],
  sync: { phase: 'idle', fetched: 0, total: null, syncedAt: null, message: null, capped: false },
  hasDocumentHost: false
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('App', () => {
  beforeEach(() => setActivePinia(createPinia()))
  afterEach(() => {
    document.body.innerHTML = ''
  })

  /** Opens the account menu's "About FlipDrop", where the version lives (not in the window's frame). */
  async function openAbout(wrapper: ReturnType<typeof mount>): Promise<void> {
    await wrapper.get('[data-testid="account-menu"]').trigger('click')
    const about = wrapper.findAll('[role="menuitem"]').find((item) => item.text() === 'About FlipDrop')
    await about?.trigger('click')
  }

  it('shows the version main reported under About, not in the frame', async () => {
    installBridge(answers())
    const wrapper = mount(App, { attachTo: document.body })
    await settle()
    expect(wrapper.find('[data-testid="app-version"]').exists()).toBe(false)
    await openAbout(wrapper)
    expect(wrapper.get('[data-testid="app-version"]').text()).toBe('Version 1.2.3')
  })

  it('reads the account again when the window comes back, at most once a minute, also after the computer clock was set back 2 h', async () => {
    const main = installBridge(answers())
    mount(App)
    await settle()
    const refreshes = (): number => main.calls.filter((call) => call.channel === 'auth:refresh').length
    const before = refreshes()
    // Windows mounted by earlier tests listen too: each refreshes once, so count per focus.
    window.dispatchEvent(new Event('focus'))
    await settle()
    const perFocus = refreshes() - before
    expect(perFocus).toBeGreaterThan(0)
    window.dispatchEvent(new Event('focus'))
    await settle()
    expect(refreshes()).toBe(before + perFocus)
    // A minute later by the monotonic clock; the wall clock was set back 2 h meanwhile.
    const realNow = Date.now.bind(Date)
    const realPerformanceNow = performance.now.bind(performance)
    vi.spyOn(performance, 'now').mockImplementation(() => realPerformanceNow() + 61_000)
    vi.spyOn(Date, 'now').mockImplementation(() => realNow() + 61_000 - 2 * 3600_000)
    try {
      window.dispatchEvent(new Event('focus'))
      await settle()
      expect(refreshes()).toBe(before + 2 * perFocus)
    } finally {
      vi.restoreAllMocks()
    }
  })

  it('shows main\'s message when the version cannot be read', async () => {
    installBridge(answers({ ok: false, error: { code: 'internal', message: 'FlipDrop lost touch with its main process.' } }))
    const wrapper = mount(App, { attachTo: document.body })
    await settle()
    await openAbout(wrapper)
    expect(wrapper.get('[role="alert"]').text()).toBe('FlipDrop lost touch with its main process.')
  })

  it('marks the current view in the navigation and switches on click', async () => {
    installBridge(answers())
    const wrapper = mount(App)
    await settle()
    const buttons = wrapper.findAll('nav button')
    expect(buttons.map((button) => button.text().trim())).toEqual(['Publish', 'Library', 'Watched folders', 'Account', 'Settings'])
    expect(buttons[0]?.attributes('aria-current')).toBe('page')
    await buttons[4]?.trigger('click')
    expect(wrapper.get('h1').text()).toBe('Settings')
    // The version lives in About (the account menu), not in Settings.
    expect(wrapper.text()).not.toContain('45.0.0')
    expect(buttons[4]?.attributes('aria-current')).toBe('page')
    expect(buttons[0]?.attributes('aria-current')).toBeUndefined()
  })

  it('follows app:navigate from the menu and stops listening when unmounted', async () => {
    const bridge = installBridge(answers())
    const wrapper = mount(App)
    await settle()
    bridge.fire('app:navigate', 'account')
    await settle()
    expect(wrapper.get('h1').text()).toBe('Account')
    wrapper.unmount()
    expect(bridge.listenerCount('app:navigate')).toBe(0)
  })

  it('sends link clicks to main instead of navigating the app', async () => {
    const bridge = installBridge(answers())
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

describe('the account menu', () => {
  beforeEach(() => setActivePinia(createPinia()))

  it('marks a key kept for this session only', async () => {
    installBridge((channel) => {
      if (channel === 'auth:status') return { ok: true, value: { ...signedIn, storage: 'session' } }
      return answers()(channel)
    })
    const wrapper = mount(App)
    await settle()
    await wrapper.get('[data-testid="account-menu"]').trigger('click')
    const badge = wrapper.get('[aria-label="Signed-in account"]')
    expect(badge.text()).toContain('Session key')
    expect(badge.get('.pill').attributes('title')).toBe('The key is not saved and is forgotten when FlipDrop quits')
  })
})

describe('start-up', () => {
  beforeEach(() => setActivePinia(createPinia()))
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('shows a status while main starts, then the app once it is ready', async () => {
    const bridge = installBridge((channel) =>
      channel === 'app:startupState' ? { ok: true, value: { phase: 'starting', message: null } } : answers()(channel)
    )
    const wrapper = mount(App)
    await settle()
    expect(wrapper.get('[role="status"]').text()).toBe('Starting FlipDrop…')
    expect(bridge.calls.map((call) => call.channel)).not.toContain('auth:status')
    bridge.fire('app:startupChanged', { phase: 'ready', message: null })
    await settle()
    await settle()
    expect(wrapper.find('nav').exists()).toBe(true)
    expect(wrapper.find('.boot-status').exists()).toBe(false)
  })

  it('shows why start-up failed, and Try again asks main to start again', async () => {
    const bridge = installBridge((channel) => {
      if (channel === 'app:startupState') return { ok: true, value: { phase: 'failed', message: 'The disk is full' } }
      if (channel === 'app:retryStartup') return { ok: true, value: { phase: 'ready', message: null } }
      return answers()(channel)
    })
    const wrapper = mount(App)
    await settle()
    expect(wrapper.get('[role="alert"]').text()).toContain('The disk is full')
    await wrapper.get('button').trigger('click')
    await settle()
    await settle()
    expect(bridge.calls.map((call) => call.channel)).toContain('app:retryStartup')
    expect(wrapper.find('nav').exists()).toBe(true)
  })
})
