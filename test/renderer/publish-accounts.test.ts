import { mount, type VueWrapper } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AccountEntry } from '../../src-shared/domain/auth'
import type { HotFolderView, LinkView } from '../../src-shared/domain/links'
import type { JobView } from '../../src-shared/domain/queue'
import { accountHues, ACCOUNT_HUES, accountTags, queueAccounts, shortName } from '../../src-renderer/src/account/accounts'
import WatchedFoldersView from '../../src-renderer/src/views/WatchedFoldersView.vue'
import DropOverlay from '../../src-renderer/src/components/publish/DropOverlay.vue'
import { dropHeadline, previewDrag } from '../../src-renderer/src/publish/drop-preview'
import { useAuthStore } from '../../src-renderer/src/stores/auth-store'
import { useLinksStore } from '../../src-renderer/src/stores/links-store'
import { usePublishStore } from '../../src-renderer/src/stores/publish-store'
import { useQueueStore } from '../../src-renderer/src/stores/queue-store'
import PublishView from '../../src-renderer/src/views/PublishView.vue'
import { fileJob, queueView } from '../main/shell/queue-views'
import { accountEntry, authStateOf, installBridge } from './fake-main'

const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0))

const dana = accountEntry('U-dana', { name: 'Dana Whitfield', email: 'dana@northwind.example', brand: 'Northwind', current: true })
const lee = accountEntry('U-lee', { name: 'Lee Park', email: 'lee@acme.example', brand: 'Acme' })
const signedOutLee: AccountEntry = { ...lee, signedIn: false, storage: 'none' }
const of = (accountId: string | null, id: string, state: JobView['state'] = 'queued'): JobView => ({ ...fileJob(id, state), accountId })

let wrapper: VueWrapper | null = null
let restoreHeight: PropertyDescriptor | undefined
beforeEach(() => {
  setActivePinia(createPinia())
  // happy-dom lays nothing out: a scroller of some height lets the virtual list render its rows.
  restoreHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight')
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 })
})
afterEach(() => {
  wrapper?.unmount()
  wrapper = null
  document.body.innerHTML = ''
  if (restoreHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', restoreHeight)
})

/** The publish view over these jobs, with these accounts known to main. */
async function mountQueue(accounts: AccountEntry[], jobs: JobView[]) {
  const main = installBridge((channel) => {
    if (channel === 'uploads:list') return { ok: true, value: queueView(jobs) }
    return { ok: true, value: { added: [], refused: [], sameContent: [] } }
  })
  useAuthStore().state = authStateOf(accounts)
  await useQueueStore().load()
  wrapper = mount(PublishView, { attachTo: document.body })
  await settle()
  await settle()
  return { main, view: wrapper }
}

const rowIds = (view: VueWrapper): string[] => view.findAll('li.job').map((row) => row.attributes('data-job-id') ?? '')
const badgeOf = (view: VueWrapper, jobId: string) => view.find(`li.job[data-job-id="${jobId}"] [data-testid="account-badge"]`)

describe('naming accounts in a small space', () => {
  it('a badge says the brand, else the name, else the e-mail', () => {
    expect(shortName({ brand: 'Northwind', name: 'Dana', email: 'd@x' })).toBe('Northwind')
    expect(shortName({ brand: null, name: 'Dana', email: 'd@x' })).toBe('Dana')
    expect(shortName({ brand: null, name: null, email: 'd@x' })).toBe('d@x')
  })

  it('gives each account a colour of its own that does not depend on the order accounts are listed in', () => {
    const ids = ['U-1', 'U-2', 'U-3', 'U-4', 'U-5']
    const hues = accountHues(ids)
    expect(new Set(hues.values()).size).toBe(5)
    expect([...hues.values()].every((hue) => hue >= 0 && hue < ACCOUNT_HUES)).toBe(true)
    const reversed = accountHues([...ids].reverse())
    for (const id of ids) expect(reversed.get(id)).toBe(hues.get(id))
  })

  it('counts the queue per account: signed-in ones first, then those with work; old work without an account is not a choice', () => {
    const jobs = [of('U-dana', 'a'), of('U-old', 'b'), of('U-old', 'c'), of(null, 'd')]
    const listed = queueAccounts(jobs, [dana, lee, accountEntry('U-gone', { signedIn: false, name: 'Gone' })])
    expect(listed.map((entry) => [entry.short, entry.count])).toEqual([
      ['Northwind', 1],
      ['Acme', 0],
      ['Another account', 2]
    ])
    expect(accountTags([dana], ['U-dana']).get('U-dana')?.label).toBe('Northwind (dana@northwind.example)')
  })
})

describe('one queue, many accounts', () => {
  it('with one account nothing extra is shown', async () => {
    const { view } = await mountQueue([dana], [of('U-dana', 'a'), of('U-dana', 'b')])
    expect(rowIds(view)).toEqual(['a', 'b'])
    expect(view.find('[data-testid="account-badge"]').exists()).toBe(false)
    expect(view.find('[data-testid="account-filter"]').exists()).toBe(false)
  })

  it('jobs of two accounts: every row names its account (full label for screen readers and as tooltip), and the filter narrows the list', async () => {
    const jobs = [of('U-dana', 'a'), of('U-lee', 'b'), of('U-dana', 'c', 'done'), of(null, 'old')]
    const { view } = await mountQueue([dana, signedOutLee], jobs)
    const badge = badgeOf(view, 'b')
    expect(badge.get('.account-badge-text').text()).toBe('Acme')
    expect(badge.attributes('title')).toBe('Acme (lee@acme.example)')
    expect(badge.get('.sr-only').text()).toBe('Account: Acme (lee@acme.example)')
    expect(badgeOf(view, 'a').get('.account-badge-text').text()).toBe('Northwind')
    // Each account keeps its colour on every row.
    expect(badgeOf(view, 'a').classes()).toEqual(badgeOf(view, 'c').classes())
    expect(badgeOf(view, 'a').classes()).not.toEqual(badge.classes())
    // Work queued before FlipDrop recorded accounts: no badge (whose it is cannot be said).
    expect(badgeOf(view, 'old').exists()).toBe(false)

    const filter = view.get('[data-testid="account-filter"]')
    expect(filter.get('legend').text()).toBe('Show uploads of')
    const choices = filter.findAll('label')
    expect(choices.map((choice) => choice.get('.sr-only').text())).toEqual([
      'All accounts, 4 uploads',
      'Northwind (dana@northwind.example), 2 uploads',
      'Acme (lee@acme.example), 1 upload'
    ])
    expect(choices[0]?.classes()).toContain('checked')

    await choices[2]?.get('input').setValue(true)
    await settle()
    expect(rowIds(view)).toEqual(['b'])
    await choices[1]?.get('input').setValue(true)
    await settle()
    expect(rowIds(view)).toEqual(['a', 'c'])
    await choices[0]?.get('input').setValue(true)
    await settle()
    expect(rowIds(view)).toEqual(['a', 'b', 'old', 'c'])
  })

  it('two accounts signed in, all work of one: the badges and the filter show too, and a filter with nothing says so', async () => {
    const { view } = await mountQueue([dana, lee], [of('U-dana', 'a')])
    expect(badgeOf(view, 'a').exists()).toBe(true)
    const acme = view.get('[data-testid="account-filter"]').findAll('label')[2]
    expect(acme?.text()).toContain('Acme')
    await acme?.get('input').setValue(true)
    await settle()
    expect(view.get('.account-filter-empty').text()).toContain('Nothing in the queue for Acme.')
    await view.get('.account-filter-empty button').trigger('click')
    await settle()
    expect(rowIds(view)).toEqual(['a'])
  })

  it('with several accounts signed in, what is added goes to the current account by name', async () => {
    const { main } = await mountQueue([dana, lee], [])
    await usePublishStore().addPaths(['/tmp/brochure.pdf'])
    expect(main.calls.find((call) => call.channel === 'uploads:enqueuePaths')?.input).toMatchObject({ paths: ['/tmp/brochure.pdf'], accountId: 'U-dana' })
  })

  it('with one account signed in, adds are sent as before (no account named)', async () => {
    const { main } = await mountQueue([dana], [])
    await usePublishStore().addPaths(['/tmp/brochure.pdf'])
    expect(main.calls.find((call) => call.channel === 'uploads:enqueuePaths')?.input).not.toHaveProperty('accountId')
  })
})

describe('the drop overlay names the account', () => {
  const pdf = { kind: 'file', type: 'application/pdf' }

  it('in words: "Publish 3 PDFs to Northwind (dana@…)", "1 PDF" in the singular', () => {
    const label = 'Northwind (dana@northwind.example)'
    expect(dropHeadline(previewDrag([pdf, pdf, pdf], ['Files']), 'Flipbook', label)).toBe('Publish 3 PDFs to Northwind (dana@northwind.example)')
    expect(dropHeadline(previewDrag([pdf], ['Files']), 'Flipbook', label)).toBe('Publish 1 PDF to Northwind (dana@northwind.example)')
    expect(dropHeadline(previewDrag([{ kind: 'string', type: 'text/uri-list' }], ['text/uri-list']), 'Flipbook', label)).toBe('Publish the linked PDF to Northwind (dana@northwind.example)')
    expect(dropHeadline(previewDrag([pdf], ['Files']), 'Flipbook')).toBe('Publish 1 PDF as a flipbook')
  })

  it('when more than one account is signed in, with the kind on its own line; with one, as before', async () => {
    installBridge(() => ({ ok: true, value: undefined }))
    const auth = useAuthStore()
    auth.state = authStateOf([dana, lee])
    const preview = previewDrag([{ kind: 'file', type: 'application/pdf' }, { kind: 'file', type: 'application/pdf' }], ['Files'])
    wrapper = mount(DropOverlay, { props: { preview } })
    expect(wrapper.get('.drop-headline').text()).toBe('Publish 2 PDFs to Northwind (dana@northwind.example)')
    expect(wrapper.findAll('.drop-note').map((note) => note.text())).toContain('As flipbooks.')
    auth.state = authStateOf([dana])
    await settle()
    expect(wrapper.get('.drop-headline').text()).toBe('Publish 2 PDFs as flipbooks')
    expect(wrapper.findAll('.drop-note').map((note) => note.text())).not.toContain('As flipbooks.')
  })
})

describe('linked files and hot folders name their account', () => {
  const link = (id: string, accountId: string | null): LinkView => ({
    id, path: `/work/${id}.pdf`, fileName: `${id}.pdf`, itemId: 12, docType: 'Flipbook', accountId, name: id, url: null,
    state: 'active', updating: false, message: null, published: null, versions: [], folderId: null
  })
  const folder = (id: string, accountId: string | null): HotFolderView => ({
    id, path: `/work/${id}`, docType: 'Flipbook', accountId, paused: false, polling: false, missing: false, offered: [], publishing: []
  })

  let main: ReturnType<typeof installBridge> | null = null
  async function mountLinks(accounts: AccountEntry[], links: LinkView[], folders: HotFolderView[]) {
    main = installBridge(() => ({ ok: true, value: { links, folders, keepCopies: false, watching: true } }))
    useAuthStore().state = authStateOf(accounts)
    useLinksStore().view = { links, folders, keepCopies: false, watching: true }
    wrapper = mount(WatchedFoldersView)
    await settle()
    return wrapper
  }

  it('with several accounts, each link and hot folder shows its badge, and a new hot folder says where its PDFs go', async () => {
    const view = await mountLinks([dana, lee], [link('price-list', 'U-dana')], [folder('exports', 'U-lee')])
    const badges = view.findAll('[data-testid="account-badge"]').map((badge) => badge.get('.account-badge-text').text())
    // Hot folders come first on the page (where new work lands), then the linked files.
    expect(badges).toEqual(['Acme', 'Northwind'])
    expect(view.get('#hot-folder-account').text()).toBe('Its PDFs go to Northwind (dana@northwind.example), the account in use now.')
  })

  it('a link and a hot folder of the single-account time that name no account ask whose they are; the answer tells main', async () => {
    const view = await mountLinks([dana, lee], [link('old-price-list', null), link('kept', 'U-dana')], [folder('old-exports', null)])
    const asking = view.findAll('[data-testid="choose-account"]')
    expect(asking).toHaveLength(2)
    expect(asking[0]?.text()).toContain('Added before FlipDrop kept accounts apart: publish to which account?')
    // The hot folder's question first (hot folders come first), then the link's.
    await asking[0]?.findAll('button')[1]?.trigger('click')
    await asking[1]?.findAll('button')[0]?.trigger('click')
    await settle()
    expect(main?.calls.filter((call) => call.channel === 'links:chooseAccount').map((call) => call.input)).toEqual([
      { folderId: 'old-exports', accountId: 'U-lee' },
      { linkId: 'old-price-list', accountId: 'U-dana' }
    ])
  })

  it('links of two accounts with one signed in still name them; with one account each row still says whose it is', async () => {
    const several = await mountLinks([dana, signedOutLee], [link('a', 'U-dana'), link('b', 'U-lee')], [])
    expect(several.findAll('[data-testid="account-badge"]')).toHaveLength(2)
    expect(several.find('#hot-folder-account').exists()).toBe(false)
    several.unmount()
    const one = await mountLinks([dana], [link('a', 'U-dana')], [folder('f', 'U-dana')])
    expect(one.findAll('[data-testid="account-badge"]').map((badge) => badge.get('.account-badge-text').text())).toEqual(['Northwind', 'Northwind'])
    // Where a new hot folder's PDFs go is said only when there is a choice.
    expect(one.find('#hot-folder-account').exists()).toBe(false)
  })
})

describe('a job added before FlipDrop kept accounts apart, whose account nothing names', () => {
  const UNBOUND = 'Added before FlipDrop kept accounts apart: publish to which account?'
  const unbound: JobView = { ...of(null, 'job-old', 'waiting'), waiting: { reason: 'unbound', message: UNBOUND, until: null } }

  it('asks in its row, with one button per signed-in account; a choice tells main, and nothing is chosen for the designer', async () => {
    const { main, view } = await mountQueue([dana, lee], [unbound])
    const row = view.find('li.job[data-job-id="job-old"]')
    expect(row.find('[data-testid="choose-account"]').text()).toContain(UNBOUND)
    const buttons = row.findAll('[data-testid="choose-account"] button')
    expect(buttons.map((button) => button.text())).toEqual(['Publish to Northwind', 'Publish to Acme'])
    expect(buttons[1]?.attributes('aria-label')).toBe('Publish job-old to Acme')
    expect(main.calls.some((call) => call.channel === 'uploads:chooseAccount')).toBe(false)

    await buttons[1]?.trigger('click')
    await settle()
    expect(main.calls.filter((call) => call.channel === 'uploads:chooseAccount').map((call) => call.input)).toEqual([{ jobId: 'job-old', accountId: 'U-lee' }])
  })

  it('with no account signed in that could take it, it says to sign in first', async () => {
    const { view } = await mountQueue([{ ...dana, signedIn: false, storage: 'none' }], [unbound])
    const asking = view.find('li.job[data-job-id="job-old"] [data-testid="choose-account"]')
    expect(asking.findAll('button')).toEqual([])
    expect(asking.text()).toContain('Sign in to the account it belongs to, then choose it here.')
  })
})
