import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AuthState } from '../../../src-shared/domain/auth'
import StartupFailed from '../../../src-renderer/src/components/StartupFailed.vue'
import { speak } from '../../../src-renderer/src/i18n/i18n'
import { errorText } from '../../../src-renderer/src/i18n/spoken'
import { useAppStore } from '../../../src-renderer/src/stores/app-store'
import { useAuthStore } from '../../../src-renderer/src/stores/auth-store'
import SignInView from '../../../src-renderer/src/views/SignInView.vue'
import { installBridge } from '../fake-main'

/* The core's sentences about sign-in, the keychain and start-up, in the window's language through the real catalogs. */

const signedOut: AuthState = { signedIn: false, account: null, storage: 'none', problem: null, accounts: [] }
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('the core says sign-in and start-up in German', () => {
  beforeEach(() => {
    setActivePinia(createPinia())
    document.body.innerHTML = ''
  })
  afterEach(() => speak('en'))

  it('the sign-in says why it asks again (a refused key) in German', async () => {
    await speak('de')
    installBridge(() => ({ ok: true, value: signedOut }))
    const wrapper = mount(SignInView, { attachTo: document.body })
    const english = 'The service no longer accepts your API key. Paste a new key to continue; nothing waiting was lost.'
    useAuthStore().state = { ...signedOut, problem: { code: 'unauthorized', message: english, said: { key: 'coreAccount.keyRejected' } } }
    await settle()
    expect(wrapper.get('[role="alert"]').text()).toBe(
      'Der Dienst akzeptiert deinen API-Schlüssel nicht mehr. Füge einen neuen Schlüssel ein, um weiterzumachen; nichts Wartendes ging verloren.'
    )
  })

  it('the keychain’s wait is a German plural with the seconds written the German way', async () => {
    await speak('de')
    const timeout = { code: 'keychain-timeout' as const, message: 'The keychain did not answer within 2.5 seconds.' }
    expect(errorText({ ...timeout, said: { key: 'coreAccount.keychain.timeout', values: { seconds: 2.5 }, count: 2.5 } })).toBe(
      'Der Schlüsselbund hat nicht innerhalb von 2,5 Sekunden geantwortet.'
    )
    expect(errorText({ ...timeout, said: { key: 'coreAccount.keychain.timeout', values: { seconds: 1 }, count: 1 } })).toBe(
      'Der Schlüsselbund hat nicht innerhalb von 1 Sekunde geantwortet.'
    )
  })

  it('the start-up failure page says a deliberate reason in German, and a plain one as it came', async () => {
    await speak('de')
    installBridge(() => ({ ok: true, value: { phase: 'failed', message: null } }))
    const app = useAppStore()
    app.startup = { phase: 'failed', message: 'Your keychain is locked…', said: { key: 'coreAccount.keychain.locked' } }
    const wrapper = mount(StartupFailed, { attachTo: document.body })
    await settle()
    expect(wrapper.get('.startup-reason').text()).toBe('Dein Schlüsselbund ist gesperrt. Entsperre ihn (zum Beispiel, indem du dich neu anmeldest) und versuche es noch einmal.')
    app.startup = { phase: 'failed', message: 'Disk full' }
    await settle()
    expect(wrapper.get('.startup-reason').text()).toBe('Disk full')
  })
})
