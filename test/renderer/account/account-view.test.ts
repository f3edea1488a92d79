import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Envelope } from '../../../src-shared/contract/errors'
import type { PlanView, ReferencesView } from '../../../src-shared/domain/account'
import type { Payment, Profile, ProfileChangeResult, Subscription } from '../../../src-shared/domain/service/account'
import { DEFAULT_BILLING_SORT, nextSort, sortPayments } from '../../../src-renderer/src/components/account/billing-sort'
import AccountView from '../../../src-renderer/src/views/AccountView.vue'
import { useAuthStore } from '../../../src-renderer/src/stores/auth-store'
import { installBridge } from '../fake-main'

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

const profile: Profile = { name: 'Dana', phone: '+1 415 555 0134', profileImage: '' }
/** A subscription the service answered with gaps: every field it left out is null. */
const sparse: Subscription = {
  brandName: null, name: null, mobile: null, plan: 'Pro', fees: null, tax: null, subscriptionId: null, activeFrom: null,
  status: null, nextInvoice: null, email: null, photoImg: null, maxFileSizeBytes: null, maxFileSizeMb: null, maxCname: null,
  advancedSharing: null, leadEmailVerification: null, isLtd: null, maxItems: null,
  quotas: { Flipbook: { docType: 'Flipbook', count: 95, max: 100, left: 5 } }
}
const payment = (orderId: string, date: string | null, amount: string, itemCount: number | null): Payment => ({
  orderId, date, amount, itemCount, plan: 'Pro', invoiceUrl: ''
})
const references: ReferencesView = { lists: null, updatedAt: null, refreshing: false, problem: null }

function answers(overrides: Record<string, Envelope<unknown>> = {}) {
  const defaults: Record<string, Envelope<unknown>> = {
    'account:profile': { ok: true, value: profile },
    'account:plan': { ok: true, value: { subscription: sparse, documentHost: false } satisfies PlanView },
    'account:payments': { ok: true, value: [] },
    'account:references': { ok: true, value: references },
    'auth:refresh': { ok: false, error: { code: 'network', message: 'The service could not be reached.' } }
  }
  const table = { ...defaults, ...overrides }
  return installBridge((channel) => table[channel] ?? { ok: false, error: { code: 'internal', message: `unexpected ${channel}` } })
}

async function mountView(overrides?: Record<string, Envelope<unknown>>) {
  const main = answers(overrides)
  useAuthStore().state = { signedIn: true, account: null, storage: 'session', problem: null }
  const wrapper = mount(AccountView)
  await settle()
  await settle()
  return { main, wrapper }
}

describe('AccountView', () => {
  beforeEach(() => setActivePinia(createPinia()))

  it('shows values the service did not send as "unknown", never 0, and a quota near its limit says so', async () => {
    const { wrapper } = await mountView()
    const plan = wrapper.get('[data-testid="plan"]')
    const facts = Object.fromEntries(plan.findAll('dt').map((dt) => [dt.text(), dt.element.nextElementSibling?.textContent]))
    expect(facts).toMatchObject({ Plan: 'Pro', Fees: 'unknown', 'Max file size': 'unknown', 'Max items': 'unknown', 'Lifetime deal': 'unknown' })
    expect(plan.text()).toContain('Nearly full: only 5 left.')
    expect(plan.text()).toContain('unknown (no document host is set in Settings)')
    // Who am I without an account yet: unknown, not blank.
    expect(wrapper.get('[data-testid="whoami"]').text()).toContain('Nameunknown')
  })

  it('checks the profile change with the shared schema in the form: a bad image address sends nothing', async () => {
    const { main, wrapper } = await mountView()
    await wrapper.get('#profile-image').setValue('http://example.com/me.png')
    await wrapper.get('form.profile-form').trigger('submit')
    await settle()
    expect(wrapper.text()).toContain('The profile image must be an https:// web address.')
    // Nothing filled in at all: the whole change is refused, with why.
    await wrapper.get('#profile-image').setValue('')
    await wrapper.get('form.profile-form').trigger('submit')
    await settle()
    expect(wrapper.get('form.profile-form [role="alert"]').text()).toContain('an empty value keeps the old one')
    expect(main.calls.some((call) => call.channel === 'account:setProfile')).toBe(false)
  })

  it('reports a field the service answered OK to but did not keep as not changed', async () => {
    const result: ProfileChangeResult = { profile, changed: [], unchanged: ['phone'], message: 'Profile updated successfully.' }
    const { main, wrapper } = await mountView({ 'account:setProfile': { ok: true, value: result } })
    await wrapper.get('#profile-phone').setValue('(415) 555-0199')
    await wrapper.get('form.profile-form').trigger('submit')
    await settle()
    expect(main.calls.find((call) => call.channel === 'account:setProfile')?.input).toEqual({ name: '', phone: '(415) 555-0199', profileImage: '' })
    const report = wrapper.get('[data-testid="profile-report"]')
    expect(report.get('[data-testid="profile-unchanged"]').text()).toContain('Not changed: Phone.')
    expect(report.get('[data-testid="profile-kept"]').text()).toContain('Name and Profile image')
    expect(report.find('[data-testid="profile-changed"]').exists()).toBe(false)
  })

  it('applies the reference lists main announces while the view is open, and stops listening when it closes', async () => {
    const { main, wrapper } = await mountView()
    expect(main.listenerCount('account:referencesChanged')).toBe(1)
    main.fire('account:referencesChanged', {
      lists: { flipbookTemplates: [{ id: -1, name: 'Blank' }], documentTemplates: [], flipbookSkins: [], documentSkins: [], currencies: [{ name: 'EUR' }], music: [] },
      updatedAt: '2026-03-01T10:00:00.000Z',
      refreshing: false,
      problem: 'The service could not be reached.'
    } satisfies ReferencesView)
    await settle()
    const section = wrapper.get('[data-testid="references"]')
    expect(section.get('[data-testid="ref-currencies"] [data-testid="count"]').text()).toBe('1')
    expect(section.get('[data-testid="references-updated"]').text()).toMatch(/^Last updated .*2026/)
    expect(section.get('[data-testid="references-problem"]').text()).toContain('Showing the lists as last received.')
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
