import { mount, type VueWrapper } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Envelope } from '../../src-shared/contract/errors'
import type { LinksView } from '../../src-shared/domain/links'
import type { EnqueueResult, JobView, SameContentOffer } from '../../src-shared/domain/queue'
import ActionMenu from '../../src-renderer/src/components/publish/ActionMenu.vue'
import JobActions from '../../src-renderer/src/components/publish/JobActions.vue'
import { useLinksStore } from '../../src-renderer/src/stores/links-store'
import { usePublishStore } from '../../src-renderer/src/stores/publish-store'
import { useQueueStore } from '../../src-renderer/src/stores/queue-store'
import { useToast } from '../../src-renderer/src/stores/toast'
import PublishView from '../../src-renderer/src/views/PublishView.vue'
import { fileJob, queueView } from '../main/shell/queue-views'
import { installBridge } from './fake-main'

const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0))
const nothing: EnqueueResult = { added: [], refused: [], sameContent: [] }
const ids = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222', '33333333-3333-4333-8333-333333333333']

function offer(index: number, name: string): SameContentOffer {
  return { offerId: ids[index] ?? '', fileName: `${name}.pdf`, size: 2048, docType: 'Flipbook', items: [{ itemId: 100 + index, name, url: `https://go.example/view/${name}` }] }
}
/** The paused replace main adds for an answered "Replace" (confirmFirst). */
function pausedReplace(index: number, name: string): JobView {
  return { ...fileJob(`job-${name}`, 'queued', { paused: true, name }), kind: 'replace', targetItemId: 100 + index }
}

let wrapper: VueWrapper | null = null
afterEach(() => {
  wrapper?.unmount()
  wrapper = null
  document.body.innerHTML = ''
})
beforeEach(() => setActivePinia(createPinia()))

function answering(extra: (channel: string, input: unknown) => Envelope<unknown> | undefined) {
  return installBridge((channel, input) => {
    const answer = extra(channel, input)
    if (answer) return answer
    if (channel === 'uploads:list') return { ok: true, value: queueView([]) }
    if (channel === 'uploads:undo') return { ok: true, value: { undone: true, reason: null } }
    return { ok: true, value: nothing }
  })
}

async function mountView(): Promise<VueWrapper> {
  await useQueueStore().load()
  wrapper = mount(PublishView, { attachTo: document.body })
  await settle()
  return wrapper
}

describe('several "already published" questions: one table, answered at once, replaces confirmed first', () => {
  it('the choice for all fills every row; Continue sends one decideMany with confirmFirst on each Replace, then asks before anything is sent', async () => {
    const main = answering((channel) =>
      channel === 'uploads:decideMany'
        ? { ok: true, value: { added: [pausedReplace(0, 'alpha'), pausedReplace(1, 'beta')], refused: [], sameContent: [] } }
        : channel === 'uploads:confirmReplace'
          ? { ok: true, value: pausedReplace(0, 'alpha') }
          : undefined
    )
    const view = await mountView()
    usePublishStore().offers = [offer(0, 'alpha'), offer(1, 'beta'), offer(2, 'gamma')]
    await settle()

    expect(view.findAll('tbody tr')).toHaveLength(3)
    await view.find('button.primary.small').trigger('click')
    await settle()
    // Nothing chosen yet: nothing is sent, and the table says what is missing.
    expect(main.calls.some((call) => call.channel === 'uploads:decideMany')).toBe(false)
    expect(view.find('.same-content-foot .hint').text()).toBe('3 files without a choice yet: choose for each, or for all at the top.')

    const all = view.find('.same-content-all select')
    await all.setValue('replace')
    const rows = view.findAll('tbody select')
    await rows[2]?.setValue('skip')
    await view.findAll('button').find((button) => button.text() === 'Continue')?.trigger('click')
    await settle()
    const decide = main.calls.find((call) => call.channel === 'uploads:decideMany')
    expect(decide?.input).toEqual({
      answers: [
        { offerId: ids[0], choice: 'replace', confirmFirst: true },
        { offerId: ids[1], choice: 'replace', confirmFirst: true },
        { offerId: ids[2], choice: 'skip' }
      ]
    })
    // The replaces wait, paused: the confirmation names both, nothing is confirmed yet.
    const dialog = document.querySelector('dialog')
    expect(dialog?.textContent).toContain('Replace 2 items?')
    expect(dialog?.textContent).toContain('alpha')
    expect(dialog?.textContent).toContain('https://go.example/view/beta')
    expect(main.calls.some((call) => call.channel === 'uploads:confirmReplace')).toBe(false)

    const replace = [...(dialog?.querySelectorAll('button') ?? [])].find((button) => button.textContent?.trim() === 'Replace 2')
    replace?.click()
    await settle()
    await settle()
    expect(main.calls.filter((call) => call.channel === 'uploads:confirmReplace').map((call) => call.input)).toEqual([
      { jobId: 'job-alpha' },
      { jobId: 'job-beta' }
    ])
    // One toast with Undo for both; Undo takes each back.
    const toast = useToast()
    expect(toast.toasts.at(-1)).toMatchObject({ text: 'Replacing 2 items in a moment.', action: { label: 'Undo' } })
    await toast.act(toast.toasts.at(-1)?.id ?? -1)
    expect(main.calls.filter((call) => call.channel === 'uploads:undo').map((call) => call.input)).toEqual([{ jobId: 'job-alpha' }, { jobId: 'job-beta' }])
    expect(toast.toasts.at(-1)?.text).toBe('2 items left as they were — nothing was sent.')
  })

  it('cancelling the confirmation removes the paused replaces: nothing is confirmed', async () => {
    const main = answering((channel) =>
      channel === 'uploads:decideMany' ? { ok: true, value: { added: [pausedReplace(0, 'alpha')], refused: [], sameContent: [] } } : undefined
    )
    await mountView()
    await usePublishStore().decide(ids[0] ?? '', 'replace')
    await settle()
    const cancel = [...document.querySelectorAll('dialog button')].find((button) => button.textContent?.trim() === 'Cancel') as HTMLButtonElement
    cancel.click()
    await settle()
    expect(main.calls.filter((call) => call.channel === 'uploads:remove').map((call) => call.input)).toEqual([{ jobId: 'job-alpha' }])
    expect(main.calls.some((call) => call.channel === 'uploads:confirmReplace')).toBe(false)
  })
})

describe('the row menu works from the keyboard', () => {
  it('opens on Enter or Arrow Down with focus on the first item, arrows move, Escape closes and gives focus back', async () => {
    answering(() => undefined)
    const ran: string[] = []
    const icon = { render: () => null }
    wrapper = mount(ActionMenu, {
      attachTo: document.body,
      props: {
        label: 'More actions for catalogue',
        title: 'More actions',
        items: ['Open in browser', 'Show history', 'Remove from list'].map((label) => ({ key: label, label, icon, run: () => ran.push(label) }))
      }
    })
    const trigger = wrapper.get('button[aria-haspopup="menu"]')
    expect(trigger.attributes('aria-label')).toBe('More actions for catalogue')
    expect(trigger.attributes('title')).toBe('More actions')
    await trigger.trigger('keydown', { key: 'ArrowDown' })
    await settle()
    const items = [...document.querySelectorAll<HTMLElement>('[role="menu"] [role="menuitem"]')]
    expect(items.map((item) => item.textContent?.trim())).toEqual(['Open in browser', 'Show history', 'Remove from list'])
    expect(document.activeElement).toBe(items[0])
    const key = (name: string): void => void document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true }))
    key('ArrowDown')
    expect(document.activeElement).toBe(items[1])
    key('End')
    expect(document.activeElement).toBe(items[2])
    key('ArrowDown')
    expect(document.activeElement).toBe(items[0])
    key('Escape')
    await settle()
    expect(document.querySelector('[role="menu"]')).toBeNull()
    expect(document.activeElement).toBe(trigger.element)
    expect(trigger.attributes('aria-expanded')).toBe('false')

    await trigger.trigger('click')
    await settle()
    ;[...document.querySelectorAll<HTMLElement>('[role="menuitem"]')][1]?.click()
    await settle()
    expect(ran).toEqual(['Show history'])
    expect(document.activeElement).toBe(trigger.element)
  })
})

describe('"Update when the file changes" is an on/off entry of a published row\'s menu', () => {
  it('is unticked until the file is linked; choosing it links, choosing it again unlinks', async () => {
    const done = fileJob('job-1', 'done', { name: 'catalogue' })
    const link = { id: 'link-1', itemId: done.result?.itemId ?? 0, docType: 'Flipbook' } as LinksView['links'][number]
    const main = answering((channel) => (channel === 'links:unlink' ? { ok: true, value: { links: [], folders: [], keepCopies: false, watching: true } } : undefined))
    const links = useLinksStore()
    links.view = { links: [], folders: [], keepCopies: false, watching: true }
    wrapper = mount(JobActions, { attachTo: document.body, props: { job: done, movable: false, historyOpen: false } })
    const entry = async (): Promise<HTMLElement> => {
      await wrapper?.get('button[aria-haspopup="menu"]').trigger('click')
      await settle()
      const found = document.querySelector<HTMLElement>('[role="menuitemcheckbox"]')
      if (!found) throw new Error('no on/off entry')
      return found
    }
    let follow = await entry()
    expect(follow.textContent?.trim()).toBe('Update when the file changes')
    expect(follow.getAttribute('aria-checked')).toBe('false')
    follow.click()
    await settle()
    expect(main.calls.find((call) => call.channel === 'links:linkJob')?.input).toEqual({ jobId: 'job-1' })
    // Main tells the new link (links:changed).
    links.view = { links: [link], folders: [], keepCopies: false, watching: true }
    follow = await entry()
    expect(follow.getAttribute('aria-checked')).toBe('true')
    follow.click()
    await settle()
    expect(main.calls.find((call) => call.channel === 'links:unlink')?.input).toEqual({ linkId: 'link-1' })
    expect((await entry()).getAttribute('aria-checked')).toBe('false')
  })
})

describe('pasting on the publish view', () => {
  it('a paste whose target is not an element (the document) fills the link form instead of throwing', async () => {
    answering(() => undefined)
    const view = await mountView()
    const data = new DataTransfer()
    data.setData('text/plain', 'https://example.com/catalogue.pdf')
    const event = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true })
    document.dispatchEvent(event)
    await settle()
    expect(event.defaultPrevented).toBe(true)
    expect((view.find('#source-url').element as HTMLInputElement).value).toBe('https://example.com/catalogue.pdf')
  })
})

describe('an item found that may be this upload, stored with other bytes', () => {
  it('the row offers "Keep it" and, in its menu, "Publish again"; never Retry', async () => {
    const found: JobView = {
      ...fileJob('job-found', 'failed', { name: 'brochure' }),
      failure: { message: 'A flipbook named “brochure” was made … Keep it as this upload, or publish again?', retryable: false, code: 'uncertain-content' }
    }
    const main = answering((channel) => (channel === 'uploads:decideLookalike' ? { ok: true, value: found } : undefined))
    await useQueueStore().load()
    wrapper = mount(JobActions, { attachTo: document.body, props: { job: found, movable: false, historyOpen: false } })
    await settle()
    const keep = document.querySelector<HTMLButtonElement>('button[aria-label="Keep the item found as the upload of brochure"]')
    expect(keep?.textContent?.trim()).toBe('Keep it')
    keep?.click()
    await settle()
    expect(main.calls.filter((call) => call.channel === 'uploads:decideLookalike').map((call) => call.input)).toEqual([{ jobId: 'job-found', choice: 'keep' }])
    document.querySelector<HTMLButtonElement>('button[aria-label="More actions for brochure"]')?.click()
    await settle()
    const entries = [...document.querySelectorAll<HTMLElement>('[role="menuitem"]')].map((item) => item.textContent?.trim())
    expect(entries).toContain('Publish again')
    expect(entries).not.toContain('Retry')
    ;[...document.querySelectorAll<HTMLElement>('[role="menuitem"]')].find((item) => item.textContent?.trim() === 'Publish again')?.click()
    await settle()
    expect(main.calls.filter((call) => call.channel === 'uploads:decideLookalike').map((call) => call.input)).toEqual([
      { jobId: 'job-found', choice: 'keep' },
      { jobId: 'job-found', choice: 'publish-again' }
    ])
  })
})
