import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Envelope } from '../../../src-shared/contract/errors'
import type { AccountSnapshot, PlanView, ReferencesView } from '../../../src-shared/domain/account'
import type { Account, Payment, Profile, ProfileChangeResult, Subscription } from '../../../src-shared/domain/service/account'
import { DEFAULT_BILLING_SORT, nextSort, sortPayments } from '../../../src-renderer/src/components/account/billing-sort'
import AccountView from '../../../src-renderer/src/views/AccountView.vue'
import { useAuthStore } from '../../../src-renderer/src/stores/auth-store'
import { useQueueStore } from '../../../src-renderer/src/stores/queue-store'
import { installBridge } from '../fake-main'

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

const who: Account = { userId: 'U-1', vendorId: 'V-1', name: 'Dana', email: 'dana@example.com', brand: 'Northwind', appUrl: 'go.example.com', maxFileSizeMb: 100 }
const profile: Profile = { name: 'Dana', phone: '+1 415 555 0134', profileImage: '' }
/** A subscription the service answered with gaps: every field it left out is null. */
const sparse: Subscription = {
  brandName: null, name: null, mobile: null, plan: 'Pro', fees: null, tax: null, subscriptionId: null, activeFrom: null,
  status: 'Active', nextInvoice: null, email: null, photoImg: null, maxFileSizeBytes: null, maxFileSizeMb: null, maxCname: null,
  advancedSharing: null, leadEmailVerification: null, isLtd: null, maxItems: null,
  quotas: { Flipbook: { docType: 'Flipbook', count: 95, max: 100, left: 5 } }
}
const payment = (orderId: string, date: string | null, amount: string, itemCount: number | null): Payment => ({
  orderId, date, amount, itemCount, plan: 'Pro', invoiceUrl: ''
})
const noLists: ReferencesView = { lists: null, updatedAt: null, refreshing: false, problem: null }
const lists: ReferencesView = {
  lists: { flipbookTemplates: [{ id: -1, name: 'Blank' }], documentTemplates: [], flipbookSkins: [], documentSkins: [], currencies: [{ name: 'EUR' }], music: [] },
  updatedAt: '2026-03-01T10:00:00.000Z',
  refreshing: false,
  problem: null
}
const empty: AccountSnapshot = { profile: null, plan: null, payments: null }
const offline = { ok: false, error: { code: 'network', message: 'The service could not be reached.' } } as const

function answers(overrides: Record<string, Envelope<unknown>> = {}) {
  const defaults: Record<string, Envelope<unknown>> = {
    'account:cached': { ok: true, value: empty },
    'account:profile': { ok: true, value: profile },
    'account:plan': { ok: true, value: { subscription: sparse, documentHost: false } satisfies PlanView },
    'account:payments': { ok: true, value: [] },
    'account:references': { ok: true, value: noLists },
    'auth:refresh': { ok: true, value: { signedIn: true, account: who, storage: 'session', problem: null, accounts: [] } }
  }
  const table = { ...defaults, ...overrides }
  return installBridge((channel) => table[channel] ?? { ok: false, error: { code: 'internal', message: `unexpected ${channel}` } })
}

async function mountView(overrides?: Record<string, Envelope<unknown>>) {
  const main = answers(overrides)
  useAuthStore().state = { signedIn: true, account: who, storage: 'session', problem: null, accounts: [] }
  const wrapper = mount(AccountView, { attachTo: document.body })
  for (let i = 0; i < 4; i++) await settle()
  return { main, wrapper }
}

/** The label → value pairs of a section's fact lists. */
const factsOf = (section: ReturnType<Awaited<ReturnType<typeof mountView>>['wrapper']['get']>) =>
  Object.fromEntries(section.findAll('dt').map((dt) => [dt.text(), dt.element.nextElementSibling?.textContent]))

describe('AccountView', () => {
  beforeEach(() => {
    setActivePinia(createPinia())
    document.body.innerHTML = ''
  })

  it('says who is signed in in words for people: no "Who am I", no "App host", IDs under Technical details', async () => {
    const { wrapper } = await mountView()
    const you = wrapper.get('[data-testid="you"]')
    expect(you.get('h2').text()).toBe('Your account')
    expect(you.get('[data-testid="account-name"]').text()).toBe('Dana')
    expect(wrapper.text()).not.toMatch(/Who am I|App host|Reference lists|web page instead of data/)
    expect(you.get('.technical-details').text()).toContain('Account number')
    expect(you.get('.technical-details').text()).toContain('U-1')
  })

  it('leaves out what the plan did not report instead of a column of "unknown", and a quota near its limit says so', async () => {
    const { wrapper } = await mountView()
    const plan = wrapper.get('[data-testid="plan"]')
    expect(plan.get('[data-testid="plan-name"]').text()).toBe('Pro')
    // The plan reported no limits: only the largest PDF is known (from whoami).
    expect(factsOf(plan)).toEqual({ 'Largest PDF': '100 MB' })
    expect(plan.text()).not.toContain('unknown')
    expect(plan.text()).toContain('Nearly full: 5 flipbooks left.')
    // What Documents are, in one line, and where they are turned on.
    expect(plan.get('[data-testid="documents-line"]').text()).toContain('Documents are PDFs')
    expect(plan.get('[data-testid="documents-line"] button').text()).toBe('set it in Settings')
  })

  it('offline it shows what was kept once, "as of" its time: no alerts, no "unknown", forms off with one reason', async () => {
    const at = '2026-03-01T09:30:00.000Z'
    const kept: AccountSnapshot = {
      profile: { value: profile, at },
      plan: { value: { subscription: sparse, documentHost: false }, at },
      payments: { value: [payment('#ORD-9', '2026-01-05T00:00:00.000Z', 'USD 9.00', 10)], at: '2026-03-01T09:31:00.000Z' }
    }
    const { wrapper } = await mountView({
      'account:cached': { ok: true, value: kept },
      'account:profile': offline,
      'account:plan': offline,
      'account:payments': offline,
      'account:references': { ok: true, value: { ...lists, problem: 'The service could not be reached.' } },
      'auth:refresh': offline
    })
    const asOf = wrapper.findAll('[data-testid="as-of"]')
    expect(asOf).toHaveLength(1)
    // The oldest of what is shown: the profile and plan of 09:30 (payments 09:31, lists 10:00).
    expect(asOf[0]?.text()).toBe(`Shown as last received, as of ${new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at))}.`)
    expect(wrapper.findAll('[role="alert"]')).toHaveLength(0)
    expect(wrapper.text()).not.toContain('unknown')
    expect(wrapper.text()).not.toContain('could not be reached')
    expect(wrapper.get('[data-testid="billing"]').findAll('tbody tr')).toHaveLength(1)
    expect(wrapper.get('[data-testid="ref-currencies"] [data-testid="count"]').text()).toBe('1')
    // Forms that need the service are off, with one short reason for the whole view, read with each of them.
    const edit = wrapper.get('[data-testid="you"]').findAll('button').find((b) => b.text() === 'Edit profile')
    expect(edit?.attributes('disabled')).toBeDefined()
    expect(wrapper.text().split('Changes need a connection to the service.')).toHaveLength(2)
    expect(wrapper.get('#account-needs-service').text()).toBe('Changes need a connection to the service.')
    expect(edit?.attributes('aria-describedby')).toBe('account-needs-service')
    const refresh = wrapper.get('[data-testid="references"]').findAll('button').find((b) => b.text() === 'Check for changes')
    expect(refresh?.attributes('disabled')).toBeDefined()
    expect(refresh?.attributes('aria-describedby')).toBe('account-needs-service')
  })

  it('a first start offline says once what will show later, instead of an error per section', async () => {
    const { wrapper } = await mountView({
      'account:profile': offline,
      'account:plan': offline,
      'account:payments': offline,
      'account:references': { ok: true, value: { ...noLists, problem: 'The service could not be reached.' } }
    })
    useQueueStore().connectivity = { online: false, problem: 'no-network', retryAt: null, rateLimitedUntil: null, signedIn: true, nextCheckAt: null }
    await settle()
    expect(wrapper.get('[data-testid="as-of"]').text()).toBe('Your profile, plan, billing history, and the lists of templates and skins will show once FlipDrop reaches the service.')
    expect(wrapper.find('[data-testid="billing"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="references"]').exists()).toBe(false)
    expect(wrapper.findAll('[role="alert"]')).toHaveLength(0)
    // Who is signed in is still there (main keeps it for offline).
    expect(wrapper.get('[data-testid="account-name"]').text()).toBe('Dana')
  })

  it('a failure that is not about the connection is said once, however many parts it hit', async () => {
    const broken = { ok: false, error: { code: 'internal', message: 'Something went wrong in FlipDrop.' } } as const
    const { wrapper } = await mountView({ 'account:profile': broken, 'account:plan': broken, 'account:payments': broken })
    expect(wrapper.findAll('[role="alert"]').map((a) => a.text())).toEqual(['Something went wrong in FlipDrop.'])
  })

  it('edits the profile filled in with what it holds, sends only what changed, and reads the account again for the sidebar', async () => {
    const renamed: Profile = { ...profile, name: 'Dana Q. Whitfield' }
    const result: ProfileChangeResult = { profile: renamed, changed: ['name'], unchanged: [], message: 'Profile updated successfully.' }
    const { main, wrapper } = await mountView({
      'account:setProfile': { ok: true, value: result },
      'auth:refresh': { ok: true, value: { signedIn: true, account: { ...who, name: 'Dana Q. Whitfield' }, storage: 'session', problem: null } }
    })
    await wrapper.get('[data-testid="you"]').findAll('button').find((b) => b.text() === 'Edit profile')?.trigger('click')
    expect(wrapper.get<HTMLInputElement>('#profile-name').element.value).toBe('Dana')
    expect(wrapper.get<HTMLInputElement>('#profile-phone').element.value).toBe('+1 415 555 0134')
    // Which name readers see is said where the name is edited.
    expect(wrapper.get('#profile-name-hint').text()).toContain('Readers of a flipbook see its title')
    const refreshesBefore = main.calls.filter((call) => call.channel === 'auth:refresh').length
    await wrapper.get('#profile-name').setValue('Dana Q. Whitfield')
    await wrapper.get('#profile-phone').setValue('')
    await wrapper.get('form.profile-form').trigger('submit')
    for (let i = 0; i < 3; i++) await settle()
    expect(main.calls.find((call) => call.channel === 'account:setProfile')?.input).toEqual({ name: 'Dana Q. Whitfield' })
    expect(main.calls.filter((call) => call.channel === 'auth:refresh').length).toBe(refreshesBefore + 1)
    expect(useAuthStore().state?.account?.name).toBe('Dana Q. Whitfield')
    const report = wrapper.get('[data-testid="profile-report"]')
    expect(report.get('[data-testid="profile-changed"]').text()).toBe('Saved: name.')
    expect(report.get('[data-testid="profile-kept"]').text()).toBe('Phone number stays as before: the service cannot remove a value, only replace it.')
    expect(wrapper.get('[data-testid="account-name"]').text()).toBe('Dana Q. Whitfield')
  })

  it('checks the change with the shared schema in the form: a bad picture address or no change sends nothing', async () => {
    const { main, wrapper } = await mountView()
    await wrapper.get('[data-testid="you"]').findAll('button').find((b) => b.text() === 'Edit profile')?.trigger('click')
    await wrapper.get('#profile-image').setValue('http://example.com/me.png')
    await wrapper.get('form.profile-form').trigger('submit')
    await settle()
    expect(wrapper.get('#profile-image-error').text()).toBe('The profile image must be an https:// web address.')
    await wrapper.get('#profile-image').setValue('')
    await wrapper.get('form.profile-form').trigger('submit')
    await settle()
    expect(wrapper.get('form.profile-form [role="alert"]').text()).toBe('Nothing has changed yet: edit a field, then save.')
    expect(main.calls.some((call) => call.channel === 'account:setProfile')).toBe(false)
  })

  it('reports a field the service answered OK to but did not keep', async () => {
    const result: ProfileChangeResult = { profile, changed: [], unchanged: ['phone'], message: 'Profile updated successfully.' }
    const { main, wrapper } = await mountView({ 'account:setProfile': { ok: true, value: result } })
    await wrapper.get('[data-testid="you"]').findAll('button').find((b) => b.text() === 'Edit profile')?.trigger('click')
    await wrapper.get('#profile-phone').setValue('(415) 555-0199')
    await wrapper.get('form.profile-form').trigger('submit')
    for (let i = 0; i < 3; i++) await settle()
    expect(main.calls.find((call) => call.channel === 'account:setProfile')?.input).toEqual({ phone: '(415) 555-0199' })
    const report = wrapper.get('[data-testid="profile-report"]')
    expect(report.get('[data-testid="profile-unchanged"]').text()).toBe('The service did not take the new phone number: it still holds the old value.')
    expect(report.find('[data-testid="profile-changed"]').exists()).toBe(false)
    // Nothing changed on the service: no need to read the account again.
    expect(main.calls.filter((call) => call.channel === 'auth:refresh')).toHaveLength(1)
  })

  it('applies the reference lists main announces while the view is open, and stops listening when it closes', async () => {
    const { main, wrapper } = await mountView()
    expect(main.listenerCount('account:referencesChanged')).toBe(1)
    main.fire('account:referencesChanged', lists)
    await settle()
    const section = wrapper.get('[data-testid="references"]')
    expect(section.get('h2').text()).toBe('Templates, skins and music')
    expect(section.get('[data-testid="ref-currencies"] [data-testid="count"]').text()).toBe('1')
    expect(section.get('[data-testid="references-updated"]').text()).toMatch(/^Updated .*2026/)
    wrapper.unmount()
    expect(main.listenerCount('account:referencesChanged')).toBe(0)
  })
})

describe('billing sort', () => {
  const rows = [
    payment('#ORD-9', '2026-01-05T00:00:00.000Z', 'USD 9.00', 10),
    payment('#ORD-10', '2026-03-05T00:00:00.000Z', 'USD 100.00', null),
    payment('#ORD-11', null, 'EUR 50.00', 5)
  ]
  const orders = (sorted: Payment[]) => sorted.map((p) => p.orderId)

  it('opens newest first and keeps unknown dates last in both directions', () => {
    expect(orders(sortPayments(rows, DEFAULT_BILLING_SORT))).toEqual(['#ORD-10', '#ORD-9', '#ORD-11'])
    expect(orders(sortPayments(rows, { column: 'date', direction: 'ascending' }))).toEqual(['#ORD-9', '#ORD-10', '#ORD-11'])
  })

  it('sorts amounts by currency, then by value as a number, and order IDs naturally', () => {
    expect(orders(sortPayments(rows, { column: 'amount', direction: 'ascending' }))).toEqual(['#ORD-11', '#ORD-9', '#ORD-10'])
    expect(orders(sortPayments(rows, { column: 'order', direction: 'ascending' }))).toEqual(['#ORD-9', '#ORD-10', '#ORD-11'])
    expect(orders(sortPayments(rows, { column: 'items', direction: 'descending' }))).toEqual(['#ORD-9', '#ORD-11', '#ORD-10'])
  })

  it('a click on the sorted column flips it; another column starts in its natural direction', () => {
    expect(nextSort(DEFAULT_BILLING_SORT, 'date')).toEqual({ column: 'date', direction: 'ascending' })
    expect(nextSort(DEFAULT_BILLING_SORT, 'plan')).toEqual({ column: 'plan', direction: 'ascending' })
    expect(nextSort(DEFAULT_BILLING_SORT, 'items')).toEqual({ column: 'items', direction: 'descending' })
  })
})
