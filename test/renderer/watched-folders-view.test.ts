import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import type { AuthState } from '../../src-shared/domain/auth'
import type { LinksView, LinkView } from '../../src-shared/domain/links'
import WatchedFoldersView from '../../src-renderer/src/views/WatchedFoldersView.vue'
import { useAuthStore } from '../../src-renderer/src/stores/auth-store'
import { useLinksStore } from '../../src-renderer/src/stores/links-store'
import { installBridge } from './fake-main'

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
const signedIn: AuthState = { signedIn: true, account: null, storage: 'keychain', problem: null, accounts: [] }

describe('WatchedFoldersView', () => {
  beforeEach(() => setActivePinia(createPinia()))

  it('a linked file has a real switch for "Update when the file changes" that pauses and resumes it', async () => {
    const main = installBridge(() => ({ ok: true, value: undefined }))
    useAuthStore().state = signedIn
    const wrapper = mount(WatchedFoldersView)
    const link = (state: LinkView['state']): LinkView => ({
      id: '7b1f6c2e-1d2a-4c5b-9a7e-0f3e2d1c4b5a', path: '/work/price-list.pdf', fileName: 'price-list.pdf', itemId: 12, docType: 'Flipbook',
      accountId: 'u1', name: 'Price list', url: null, state, updating: false, message: null, published: null, versions: [], folderId: null
    })
    const links = useLinksStore()
    links.view = { links: [link('active')], folders: [], keepCopies: false, watching: true } satisfies LinksView
    await settle()
    const toggle = wrapper.get('[role="switch"][id$="-update"]')
    expect(toggle.attributes('aria-checked')).toBe('true')
    // Named by the file, then the words shown beside it.
    const names = (toggle.attributes('aria-labelledby') ?? '').split(' ').map((id) => wrapper.get(`#${id}`).text())
    expect(names).toEqual(['Price list', 'Update when the file changes'])
    await toggle.trigger('click')
    await settle()
    expect(main.calls.filter((call) => call.channel.startsWith('links:')).map((call) => call.channel)).toEqual(['links:pause'])
    links.view = { ...links.view, links: [link('paused')] }
    await settle()
    expect(wrapper.get('[role="switch"][id$="-update"]').attributes('aria-checked')).toBe('false')
    expect(wrapper.text()).toContain('Not updating')
    await wrapper.get('[role="switch"][id$="-update"]').trigger('click')
    await settle()
    expect(main.calls.filter((call) => call.channel.startsWith('links:')).map((call) => call.channel)).toEqual(['links:pause', 'links:resume'])
    // A missing file cannot be switched on.
    links.view = { ...links.view, links: [link('missing')] }
    await settle()
    expect(wrapper.get('[role="switch"][id$="-update"]').attributes('disabled')).toBeDefined()
  })
})
