import { mount, type VueWrapper } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { JobView } from '../../src-shared/domain/queue'
import BatchBar from '../../src-renderer/src/components/publish/BatchBar.vue'
import { linksOf, shareRefsOf, summarizeBatch } from '../../src-renderer/src/publish/batch'
import { useAuthStore } from '../../src-renderer/src/stores/auth-store'
import { useQueueStore } from '../../src-renderer/src/stores/queue-store'
import { useToast } from '../../src-renderer/src/stores/toast'
import { change, fileJob, queueView } from '../main/shell/queue-views'
import { accountEntry, authStateOf, installBridge } from './fake-main'

/*
 * The summary above the queue counts the rows under it, whatever batch they came in: rows
 * updated by a library sync, rows published before the window opened, rows of two accounts.
 */

const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0))
const updated = (id: string): JobView => ({ ...fileJob(id, 'done'), kind: 'replace' })
const of = (accountId: string, id: string): JobView => ({ ...fileJob(id, 'done'), accountId })

let wrapper: VueWrapper | null = null
let stop = (): void => undefined
beforeEach(() => setActivePinia(createPinia()))
afterEach(() => {
  stop()
  wrapper?.unmount()
  wrapper = null
  document.body.innerHTML = ''
})

async function mountBar(jobs: JobView[]) {
  const main = installBridge((channel) => {
    if (channel === 'uploads:list') return { ok: true, value: queueView(jobs) }
    return { ok: true, value: null }
  })
  await useQueueStore().load()
  stop = useQueueStore().follow()
  wrapper = mount(BatchBar, { attachTo: document.body })
  await settle()
  return { main, bar: wrapper }
}

const headline = (bar: VueWrapper): string => bar.find('[data-testid="batch-headline"]').text()

describe('the summary is a function of the rows', () => {
  it('counts rows updated after a sync, published rows, and the links they carry, in the order shown', () => {
    const rows = [updated('a'), updated('b'), fileJob('c', 'done'), fileJob('d', 'failed')]
    expect(summarizeBatch(rows, () => null)).toMatchObject({ total: 4, updated: 2, published: 1, failed: 1, ended: true })
    expect(linksOf(rows)).toEqual(['https://go.fliplink.me/view/a', 'https://go.fliplink.me/view/b', 'https://go.fliplink.me/view/c'])
  })

  it('"Share all…" shares each published item once, in the order shown, whatever rows its updates took', () => {
    const published = (id: string, itemId: number, docType: JobView['docType'] = 'Flipbook'): JobView => {
      const job = fileJob(id, 'done')
      return { ...job, docType, result: job.result && { ...job.result, itemId } }
    }
    const rows = [published('a', 30), fileJob('x', 'failed'), published('b', 12, 'Document'), { ...published('c', 30), kind: 'replace' as const }, published('d', 12)]
    expect(shareRefsOf(rows)).toEqual([
      { id: 30, docType: 'Flipbook' },
      { id: 12, docType: 'Document' },
      { id: 12, docType: 'Flipbook' }
    ])
  })
})

describe('the batch bar over the rows shown', () => {
  it('rows marked Updated after a library sync are counted as updated, never "Nothing was published"', async () => {
    const { main, bar } = await mountBar([])
    main.fire('uploads:changed', change([updated('a'), updated('b'), updated('c'), updated('d')]))
    await settle()
    expect(headline(bar)).toBe('4 items updated (same links)')
  })

  it('a row published before the window opened is counted beside new ones', async () => {
    const { main, bar } = await mountBar([fileJob('earlier', 'done')])
    main.fire('uploads:changed', change([fileJob('new', 'done')]))
    await settle()
    expect(headline(bar)).toBe('2 flipbooks published')
  })

  it('with two accounts, counts and copies every row shown, and only the chosen account’s when narrowed', async () => {
    const rows = [of('U-dana', 'd1'), of('U-lee', 'l1'), of('U-lee', 'l2'), of('U-dana', 'd2')]
    const { main, bar } = await mountBar([rows[0] as JobView])
    useAuthStore().state = authStateOf([accountEntry('U-dana', { current: true }), accountEntry('U-lee')])
    main.fire('uploads:changed', change(rows.slice(1)))
    await settle()
    expect(headline(bar)).toBe('4 flipbooks published')
    await bar.find('button.secondary').trigger('click')
    await settle()
    const copies = () => main.calls.filter((call) => call.channel === 'app:copyText').map((call) => call.input)
    expect(copies().at(-1)).toBe(rows.map((job) => `https://go.fliplink.me/view/${job.id}`).join('\n'))
    // Said on the button pressed, not in a toast across the window.
    expect(bar.find('button.secondary').text()).toBe('Copied 4 links')
    expect(useToast().toasts).toEqual([])

    useQueueStore().showAccount('U-lee')
    await settle()
    expect(headline(bar)).toBe('2 flipbooks published')
    await bar.find('button.secondary').trigger('click')
    await settle()
    expect(copies().at(-1)).toBe('https://go.fliplink.me/view/l1\nhttps://go.fliplink.me/view/l2')
    expect(bar.find('button.secondary').text()).toBe('Copied 2 links')
  })
})
