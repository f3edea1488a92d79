import { mount, type VueWrapper } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Envelope } from '../../../src-shared/contract/errors'
import type { AccountEntry } from '../../../src-shared/domain/auth'
import type { JobView } from '../../../src-shared/domain/queue'
import App from '../../../src-renderer/src/App.vue'
import { useAccountStore } from '../../../src-renderer/src/stores/account-store'
import { useAuthStore } from '../../../src-renderer/src/stores/auth-store'
import { useToast } from '../../../src-renderer/src/stores/toast'
import SignInView from '../../../src-renderer/src/views/SignInView.vue'
import { fileJob, queueView } from '../../main/shell/queue-views'
import { accountEntry, authStateOf, fakeAuth, installBridge } from '../fake-main'

const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0))
async function settleAll(): Promise<void> {
  for (let i = 0; i < 5; i++) await settle()
}

const dana = accountEntry('U-dana', { name: 'Dana Whitfield', email: 'dana@northwind.example', brand: 'Northwind', profileImage: 'https://img.example/dana.png', current: true })
const lee = accountEntry('U-lee', { name: 'Lee Park', email: 'lee@acme.example', brand: 'Acme' })
const refused = accountEntry('U-kim', {
  name: 'Kim Ode',
  email: 'kim@contoso.example',
  brand: 'Contoso',
  problem: { code: 'unauthorized', message: 'The service no longer accepts the API key of this account.' }
})

const profileOf: Record<string, { name: string; phone: string; profileImage: string }> = {
  'U-dana': { name: 'Dana Whitfield', phone: '', profileImage: '' },
  'U-lee': { name: 'Lee Park', phone: '', profileImage: '' }
}

/** Main for the whole app with these accounts and jobs; the account view's reads answer for the current account. */
function installMain(accounts: AccountEntry[], jobs: JobView[] = [], added?: AccountEntry) {
  const auth = fakeAuth(accounts, added)
  const current = (): string => auth.accounts().find((entry) => entry.current)?.userId ?? ''
  const main = installBridge((channel, input): Envelope<unknown> => {
    const answer = auth.answer(channel, input)
    if (answer) return answer
    if (channel === 'app:startupState') return { ok: true, value: { phase: 'ready', message: null } }
    if (channel === 'app:info') return { ok: true, value: { name: 'FlipDrop', version: '1.2.3', platform: 'linux', versions: { electron: '1', chrome: '1', node: '1' } } }
    if (channel === 'settings:get') {
      return { ok: true, value: { values: { baseUrl: 'https://go.fliplink.me', documentUrl: '', uploadConcurrency: 2, proxyUrl: '', notifications: true }, fromEnvironment: { baseUrl: false, documentUrl: false, apiKey: false }, proxyPasswordSet: false } }
    }
    if (channel === 'uploads:list') return { ok: true, value: queueView(jobs) }
    if (channel === 'uploads:takeInbox') return { ok: true, value: { added: [], refused: [], sameContent: [] } }
    if (channel === 'library:snapshot') return { ok: true, value: { items: [], sync: { phase: 'idle', fetched: 0, total: null, syncedAt: null, message: null, capped: false }, hasDocumentHost: false } }
    if (channel === 'links:list') return { ok: true, value: { links: [], folders: [], keepCopies: false, watching: true } }
    if (channel === 'account:cached') return { ok: true, value: { profile: null, plan: null, payments: null } }
    if (channel === 'account:profile') return { ok: true, value: profileOf[current()] }
    if (channel === 'account:plan') return { ok: false, error: { code: 'network', message: 'The service could not be reached.' } }
    if (channel === 'account:payments') return { ok: true, value: [] }
    if (channel === 'account:references') return { ok: true, value: { lists: null, updatedAt: null, refreshing: false, problem: null } }
    return { ok: true, value: undefined }
  })
  return { main, auth }
}

let wrapper: VueWrapper | null = null
afterEach(() => {
  wrapper?.unmount()
  wrapper = null
  document.body.innerHTML = ''
})
beforeEach(() => setActivePinia(createPinia()))

async function mountApp(): Promise<VueWrapper> {
  wrapper = mount(App, { attachTo: document.body })
  await settleAll()
  return wrapper
}

async function openMenu(view: VueWrapper): Promise<void> {
  await view.get('[data-testid="account-menu"]').trigger('click')
  await settle()
}

const menuItems = (): HTMLElement[] => [...document.querySelectorAll<HTMLElement>('[role="menu"] [role="menuitem"], [role="menu"] [role="menuitemradio"]')]
const itemNamed = (text: string): HTMLElement | undefined => menuItems().find((item) => item.textContent?.includes(text))
const key = (name: string): void => void document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true }))

describe('the account switcher in the avatar menu', () => {
  it('shows the current account in the sidebar with its picture, and lists every signed-in account with a check on the current one', async () => {
    installMain([dana, lee])
    const view = await mountApp()
    const trigger = view.get('[data-testid="account-menu"]')
    expect(trigger.attributes('aria-label')).toBe('Account menu')
    expect(trigger.text()).toContain('Dana Whitfield')
    expect(trigger.text()).toContain('Northwind')
    expect(trigger.get('img').attributes('src')).toBe('https://img.example/dana.png')

    await openMenu(view)
    const radios = [...document.querySelectorAll<HTMLElement>('[role="group"][aria-label="Signed-in accounts"] [role="menuitemradio"]')]
    expect(radios.map((item) => item.querySelector('.account-choice-name')?.textContent)).toEqual(['Dana Whitfield', 'Lee Park'])
    expect(radios.map((item) => item.getAttribute('aria-checked'))).toEqual(['true', 'false'])
    expect(radios[1]?.textContent).toContain('Acme · lee@acme.example')
    // Lee has no picture: his brand's initials, in his own colour, not Dana's.
    expect(radios[1]?.querySelector('.initials')?.textContent).toBe('A')
    const hue = (radio: Element | undefined): string | undefined => [...(radio?.querySelector('.account-avatar')?.classList ?? [])].find((name) => name.startsWith('account-hue-'))
    expect(hue(radios[1])).toMatch(/^account-hue-\d$/)
    expect(hue(radios[0])).toMatch(/^account-hue-\d$/)
    expect(hue(radios[0])).not.toBe(hue(radios[1]))
    expect(itemNamed('Add another account…')).toBeDefined()
    expect(itemNamed('Sign out of Northwind…')).toBeDefined()
    expect(itemNamed('About FlipDrop')).toBeDefined()
  })

  it('is a keyboard menu: focus starts on the first item, arrows wrap, Home/End, Escape gives focus back', async () => {
    installMain([dana, lee])
    const view = await mountApp()
    await openMenu(view)
    const items = menuItems()
    expect(document.activeElement).toBe(items[0])
    key('ArrowDown')
    expect(document.activeElement).toBe(items[1])
    key('End')
    expect(document.activeElement).toBe(items.at(-1))
    key('ArrowDown')
    expect(document.activeElement).toBe(items[0])
    key('ArrowUp')
    expect(document.activeElement).toBe(items.at(-1))
    key('Home')
    expect(document.activeElement).toBe(items[0])
    key('Escape')
    await settle()
    expect(document.querySelector('[role="menu"]')).toBeNull()
    expect(document.activeElement).toBe(view.get('[data-testid="account-menu"]').element)
  })

  it('switching calls auth.switch, shows the other account at once, and reads its account data again', async () => {
    const { main } = installMain([dana, lee])
    const view = await mountApp()
    // The Account view read Dana's profile.
    await view.findAll('nav button').find((button) => button.text() === 'Account')?.trigger('click')
    await settleAll()
    const account = useAccountStore()
    expect(account.profile.data?.name).toBe('Dana Whitfield')
    const profileReads = (): number => main.calls.filter((call) => call.channel === 'account:profile').length
    const before = profileReads()

    await openMenu(view)
    itemNamed('Lee Park')?.click()
    await settleAll()
    expect(main.calls.filter((call) => call.channel === 'auth:switch').map((call) => call.input)).toEqual([{ userId: 'U-lee' }])
    expect(view.get('[data-testid="account-menu"]').text()).toContain('Lee Park')
    expect(profileReads()).toBeGreaterThan(before)
    expect(main.calls.filter((call) => call.channel === 'account:cached').length).toBeGreaterThanOrEqual(2)
    expect(account.profile.data?.name).toBe('Lee Park')
    // The menu is closed and focus is back on its button; the check moved.
    expect(document.querySelector('[role="menu"]')).toBeNull()
    await openMenu(view)
    const checked = menuItems().filter((item) => item.getAttribute('aria-checked') === 'true')
    expect(checked.map((item) => item.querySelector('.account-choice-name')?.textContent)).toEqual(['Lee Park'])
  })

  it('with one account signed in there is no list to switch in, and the sign-out item says as before', async () => {
    installMain([dana])
    const view = await mountApp()
    await openMenu(view)
    expect(document.querySelector('[role="menuitemradio"]')).toBeNull()
    expect(document.querySelector('[aria-label="Signed-in account"]')?.textContent).toContain('dana@northwind.example')
    expect(itemNamed('Sign out…')?.textContent?.trim()).toBe('Sign out…')
  })

  it('"Add another account…" opens the sign-in form in a dialog that says the others stay signed in; Cancel goes back', async () => {
    const { main } = installMain([dana], [], lee)
    const view = await mountApp()
    await openMenu(view)
    itemNamed('Add another account…')?.click()
    await settle()
    const dialog = document.querySelector('dialog')
    expect(dialog?.querySelector('h2')?.textContent).toBe('Add an account')
    expect(dialog?.textContent).toContain('stay signed in')
    const cancel = [...(dialog?.querySelectorAll('button') ?? [])].find((button) => button.textContent?.trim() === 'Cancel')
    cancel?.click()
    await settle()
    expect(document.querySelector('dialog')).toBeNull()
    expect(main.calls.some((call) => call.channel === 'auth:signIn')).toBe(false)

    await openMenu(view)
    itemNamed('Add another account…')?.click()
    await settle()
    const input = document.querySelector<HTMLInputElement>('dialog #add-api-key')
    if (!input) throw new Error('no key field in the dialog')
    input.value = 'fd-lee-key-12345678'
    input.dispatchEvent(new Event('input'))
    document.querySelector('dialog form')?.dispatchEvent(new Event('submit', { cancelable: true }))
    await settleAll()
    expect(main.calls.filter((call) => call.channel === 'auth:signIn').map((call) => call.input)).toEqual([{ apiKey: 'fd-lee-key-12345678', sessionOnly: false }])
    expect(document.querySelector('dialog')).toBeNull()
    expect(useToast().toasts.at(-1)?.text).toBe('Now publishing to Acme. Your other accounts stay signed in.')
    // Both are signed in now: Lee is current, Dana stays.
    expect(view.get('[data-testid="account-menu"]').text()).toContain('Lee Park')
    await openMenu(view)
    expect(menuItems().filter((item) => item.getAttribute('role') === 'menuitemradio')).toHaveLength(2)
  })

  it('an account whose key the service refused says so and offers to sign in again, in the dialog named for it', async () => {
    installMain([dana, lee, refused])
    const view = await mountApp()
    // The sidebar's button says it too (described by), without changing its name.
    const trigger = view.get('[data-testid="account-menu"]')
    expect(document.getElementById(trigger.attributes('aria-describedby') ?? '')?.textContent).toBe('Contoso needs you to sign in again.')
    await openMenu(view)
    const item = itemNamed('Kim Ode')
    expect(item?.getAttribute('role')).toBe('menuitem')
    expect(item?.textContent).toContain('Key not accepted — sign in again')
    item?.click()
    await settle()
    const dialog = document.querySelector('dialog')
    expect(dialog?.querySelector('h2')?.textContent).toBe('Sign in again to Contoso')
    expect(dialog?.querySelector('[role="alert"]')?.textContent).toBe('The service no longer accepts the API key of this account.')
  })

  it('signing out of the current account asks when its own uploads wait (not the other account’s), and signs out of it only', async () => {
    const jobs = [{ ...fileJob('mine', 'queued'), accountId: 'U-dana' }, { ...fileJob('theirs', 'queued'), accountId: 'U-lee' }, { ...fileJob('theirs-2', 'queued'), accountId: 'U-lee' }]
    const { main } = installMain([dana, lee], jobs)
    const view = await mountApp()
    await openMenu(view)
    itemNamed('Sign out of Northwind…')?.click()
    await settle()
    const ask = document.querySelector('dialog')
    expect(ask?.querySelector('h2')?.textContent).toBe('Sign out of Northwind while uploads wait?')
    expect(ask?.textContent).toContain('1 upload for Northwind (dana@northwind.example) is still waiting.')
    expect(ask?.textContent).toContain('Your other accounts stay signed in.')
    ;[...(ask?.querySelectorAll('button') ?? [])].find((button) => button.textContent?.trim() === 'Sign out')?.click()
    await settleAll()
    expect(main.calls.filter((call) => call.channel === 'auth:signOut').map((call) => call.input)).toEqual([{ userId: 'U-dana' }])
    // Lee stays signed in and is current now; the app stays open.
    expect(view.find('nav').exists()).toBe(true)
    expect(view.get('[data-testid="account-menu"]').text()).toContain('Lee Park')
    expect(useToast().toasts.at(-1)?.text).toBe('Signed out of Northwind (dana@northwind.example). Now using Acme (lee@acme.example).')
  })

  it('a signed-out account that uploads still wait for is offered to sign in to again', async () => {
    const gone = accountEntry('U-old', { name: 'Old Studio', email: 'old@example.com', signedIn: false, storage: 'none' })
    installMain([dana, gone], [{ ...fileJob('waits', 'waiting'), accountId: 'U-old' }])
    const view = await mountApp()
    await openMenu(view)
    const item = itemNamed('Sign in again to Old Studio…')
    expect(item?.textContent).toContain('Signed out · 1 upload waits')
    item?.click()
    await settle()
    expect(document.querySelector('dialog h2')?.textContent).toBe('Sign in again to Old Studio')
  })
})

describe('the sign-in screen when the current account’s key was refused', () => {
  it('offers to carry on with another signed-in account', async () => {
    const rejected: AccountEntry = { ...dana, problem: { code: 'unauthorized', message: 'The service no longer accepts your API key.' } }
    const { main } = installMain([rejected, lee, refused])
    wrapper = mount(SignInView, { attachTo: document.body })
    await useAuthStore().load()
    await settle()
    expect(wrapper.get('[role="alert"]').text()).toBe('The service no longer accepts your API key.')
    const others = wrapper.get('[data-testid="other-accounts"]')
    // Only accounts whose keys work are offered (not Contoso's refused one).
    // (The initials beside it are hidden from screen readers: the words name the button.)
    expect(others.findAll('button').map((button) => button.findAll('span').at(-1)?.text())).toEqual(['Use Acme (lee@acme.example)'])
    await others.get('button').trigger('click')
    await settle()
    expect(main.calls.filter((call) => call.channel === 'auth:switch').map((call) => call.input)).toEqual([{ userId: 'U-lee' }])
    expect(useAuthStore().signedIn).toBe(true)
  })

  it('offers nothing more when no other account is signed in', async () => {
    installMain([{ ...dana, problem: { code: 'unauthorized', message: 'Refused.' } }])
    wrapper = mount(SignInView, { attachTo: document.body })
    useAuthStore().state = authStateOf([{ ...dana, problem: { code: 'unauthorized', message: 'Refused.' } }])
    await settle()
    expect(wrapper.find('[data-testid="other-accounts"]').exists()).toBe(false)
  })
})
