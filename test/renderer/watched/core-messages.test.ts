import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AuthState } from '../../../src-shared/domain/auth'
import type { HotFolderView, LinkView } from '../../../src-shared/domain/links'
import { speak } from '../../../src-renderer/src/i18n/i18n'
import { spoken } from '../../../src-renderer/src/i18n/spoken'
import WatchedFoldersView from '../../../src-renderer/src/views/WatchedFoldersView.vue'
import { useAuthStore } from '../../../src-renderer/src/stores/auth-store'
import { useLinksStore } from '../../../src-renderer/src/stores/links-store'
import { installBridge } from '../fake-main'

/* What the core says about a link and an offered file, said in the window's language from the core's catalog. */

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
const signedIn: AuthState = { signedIn: true, account: null, storage: 'keychain', problem: null, accounts: [] }

const link: LinkView = {
  id: '7b1f6c2e-1d2a-4c5b-9a7e-0f3e2d1c4b5a', path: '/work/price-list.pdf', fileName: 'price-list.pdf', itemId: 12, docType: 'Flipbook',
  accountId: 'u1', name: 'Price list', url: null, state: 'active', updating: false, published: null, versions: [], folderId: null,
  message: 'The new version could not be queued.',
  said: { key: 'coreLinks.message.versionNotQueued' }
}
const folder: HotFolderView = {
  id: 'f1', path: '/work/hot', docType: 'Flipbook', accountId: 'u1', paused: false, polling: false, missing: false, publishing: [],
  offered: [{ path: '/work/hot/flyer.pdf', fileName: 'flyer.pdf', size: 2048, note: 'flyer.pdf is still being written.', said: { key: 'coreLinks.note.stillWriting', values: { file: 'flyer.pdf' } } }]
}

describe('the Watched view’s messages from the core', () => {
  beforeEach(() => setActivePinia(createPinia()))
  afterEach(() => speak('en'))

  it('says a link’s message and an offered file’s note in German, the file name as it is', async () => {
    installBridge(() => ({ ok: true, value: undefined }))
    useAuthStore().state = signedIn
    await speak('de')
    const wrapper = mount(WatchedFoldersView)
    useLinksStore().view = { links: [link], folders: [folder], keepCopies: false, watching: true }
    await settle()
    expect(wrapper.get('.watched-message').text()).toBe('Die neue Version konnte nicht in die Warteschlange gestellt werden.')
    expect(wrapper.text()).not.toContain('could not be queued')
    expect(wrapper.get('.offered-note').text()).toBe('flyer.pdf wird noch geschrieben.')
  })

  it('shows a message the core sent without a sentence as it came, in English', async () => {
    await speak('de')
    expect(spoken(undefined, 'The service refused the file.')).toBe('The service refused the file.')
    expect(spoken({ key: 'coreLibrary.sync.signedOut' }, 'Signed out: sign in to finish syncing the library.')).toBe('Abgemeldet: Melde dich an, um die Bibliothek fertig zu synchronisieren.')
  })
})
