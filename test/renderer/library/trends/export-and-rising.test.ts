import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Envelope } from '../../../../src-shared/contract/errors'
import type { LibrarySnapshot } from '../../../../src-shared/domain/library'
import type { ReadersExport, ReadersSummary } from '../../../../src-shared/domain/readers'
import LibraryEmpty from '../../../../src-renderer/src/components/library/LibraryEmpty.vue'
import LibraryStatus from '../../../../src-renderer/src/components/library/LibraryStatus.vue'
import LibraryMoreMenu from '../../../../src-renderer/src/components/library/LibraryMoreMenu.vue'
import LibrarySelectionBar from '../../../../src-renderer/src/components/library/LibrarySelectionBar.vue'
import LibraryToolbar from '../../../../src-renderer/src/components/library/LibraryToolbar.vue'
import { useReadersExport } from '../../../../src-renderer/src/library/readers-export'
import { useLibraryStore } from '../../../../src-renderer/src/stores/library-store'
import { useReadersStore } from '../../../../src-renderer/src/stores/readers-store'
import { useToast } from '../../../../src-renderer/src/stores/toast'
import { installBridge } from '../../fake-main'
import { row, summary, trend } from './fixtures'

const snapshot: LibrarySnapshot = {
  items: [row(1, 'Spring catalogue'), row(2, 'Annual report')],
  sync: { phase: 'idle', fetched: 0, total: null, syncedAt: '2026-11-28T08:00:00Z', message: null, capped: false },
  hasDocumentHost: false
}

function mainAnswering(exported: Envelope<ReadersExport>, readers: ReadersSummary = summary('user-1', {})) {
  return installBridge((channel) => {
    if (channel === 'readers:exportCsv') return exported
    if (channel === 'readers:summary') return { ok: true, value: readers }
    if (channel === 'library:snapshot') return { ok: true, value: snapshot }
    return { ok: true, value: null }
  })
}

const saved = (path: string | null, rows: number): Envelope<ReadersExport> => ({ ok: true, value: { path, rows } })

beforeEach(() => {
  setActivePinia(createPinia())
  document.body.innerHTML = ''
})

describe('Export readers\' numbers (CSV)', () => {
  it('saves the selected items\' numbers and offers "Show in folder" for the file', async () => {
    const main = mainAnswering(saved('/home/ana/Reports/readers.csv', 240))
    const toast = useToast()
    await useReadersExport().run([row(1, 'Spring catalogue'), row(2, 'Annual report', { docType: 'Document', key: 'Document:2' })])
    expect(main.calls.find((call) => call.channel === 'readers:exportCsv')?.input).toEqual({
      refs: [{ id: 1, docType: 'Flipbook' }, { id: 2, docType: 'Document' }]
    })
    expect(toast.toasts.map((entry) => [entry.text, entry.action?.label])).toEqual([
      ['Saved readers’ numbers of 2 items to readers.csv.', 'Show in folder']
    ])
    const shown = toast.toasts[0]
    if (!shown) throw new Error('a toast')
    await toast.act(shown.id)
    expect(main.calls.find((call) => call.channel === 'app:showInFolder')?.input).toBe('/home/ana/Reports/readers.csv')
  })

  it('saves the whole library without naming items, says nothing when cancelled, and main\'s words when refused', async () => {
    const main = mainAnswering(saved('C:\\Users\\ana\\library.csv', 9))
    const toast = useToast()
    const exporter = useReadersExport()
    await exporter.run()
    expect(main.calls.find((call) => call.channel === 'readers:exportCsv')?.input).toEqual({})
    expect(toast.toasts.map((entry) => entry.text)).toEqual(['Saved your library’s readers’ numbers to library.csv.'])

    setActivePinia(createPinia())
    mainAnswering(saved(null, 0))
    await useReadersExport().run([row(1, 'Spring catalogue')])
    expect(useToast().toasts).toEqual([])

    setActivePinia(createPinia())
    mainAnswering({ ok: false, error: { code: 'cannot-save', message: 'The folder Reports cannot be written to.' } })
    await useReadersExport().run([row(1, 'Spring catalogue')])
    expect(useToast().toasts.map((entry) => [entry.text, entry.tone])).toEqual([['The folder Reports cannot be written to.', 'error']])
  })

  it('says so when FlipDrop has counted none of the items (the file has only its header)', async () => {
    mainAnswering(saved('/tmp/readers.csv', 0))
    await useReadersExport().run([row(1, 'Spring catalogue')])
    expect(useToast().toasts.map((entry) => entry.text)).toEqual([
      'Saved readers.csv, but FlipDrop has not counted readers of these items yet: it has only its header row.'
    ])
  })

  it('is in the selection bar, and in the library\'s own "⋯" menu (beside its title) for the whole library', async () => {
    const bar = mount(LibrarySelectionBar, { props: { count: 3, exporting: false } })
    await bar.get('button.secondary').trigger('click')
    expect(bar.get('button.secondary').text()).toBe('Export readers’ numbers (CSV)…')
    expect(bar.emitted('exportReaders')).toHaveLength(1)

    const main = mainAnswering(saved('/tmp/all.csv', 12))
    const menu = mount(LibraryMoreMenu, { attachTo: document.body })
    await menu.get('button[aria-label="More library actions"]').trigger('click')
    const entry = document.querySelector<HTMLButtonElement>('[role="menuitem"]')
    expect(entry?.textContent?.trim()).toBe('Export readers’ numbers (CSV)…')
    entry?.click()
    await vi.waitFor(() => expect(main.calls.some((call) => call.channel === 'readers:exportCsv')).toBe(true))
    expect(main.calls.find((call) => call.channel === 'readers:exportCsv')?.input).toEqual({})
    menu.unmount()
  })
})

describe('the Rising filter in the toolbar', () => {
  it('is a toggle beside the other filters: pressed, the list shows only rising items', async () => {
    mainAnswering(saved(null, 0), summary('user-1', { 'Flipbook:2': trend(500, 2, true), 'Flipbook:1': trend(4, 0) }))
    const library = useLibraryStore()
    await Promise.all([library.load(), useReadersStore().load()])
    const toolbar = mount(LibraryToolbar)
    const toggle = toolbar.get('[data-testid="rising-filter"]')
    expect([toggle.text(), toggle.attributes('aria-pressed')]).toEqual(['Rising', 'false'])
    await toggle.trigger('click')
    expect(toggle.attributes('aria-pressed')).toBe('true')
    expect(library.shown.map((item) => item.name)).toEqual(['Annual report'])
    // The line under the toolbar says what the list is of, and since when FlipDrop counts.
    const status = mount(LibraryStatus)
    expect(status.get('[data-testid="library-summary"]').text()).toBe('1 rising item')
    expect(status.get('[data-testid="readers-since"]').text()).toBe('FlipDrop has counted readers since Nov 3, 2026')
    await toggle.trigger('click')
    expect(library.shown).toHaveLength(2)
  })

  it('finding nothing, says so in a designer\'s words, since when FlipDrop counts, and shows all again', async () => {
    mainAnswering(saved(null, 0), summary('user-1', { 'Flipbook:1': trend(4, 0) }))
    const library = useLibraryStore()
    await Promise.all([library.load(), useReadersStore().load()])
    library.setRising(true)
    const empty = mount(LibraryEmpty)
    expect(empty.get('h2').text()).toBe('Nothing is rising this week')
    expect(empty.text()).toContain('Rising shows items whose views this week are well above their weeks before.')
    expect(empty.get('.empty-since').text()).toMatch(/^FlipDrop has counted readers since Nov 3, 2026$/)
    await empty.get('button').trigger('click')
    expect(library.filter.rising).toBe(false)
    expect(library.shown).toHaveLength(2)
  })

  it('before FlipDrop has counted anything, says when it will', async () => {
    mainAnswering(saved(null, 0), summary('user-1', {}, { countedSince: null, countedAt: null }))
    const library = useLibraryStore()
    await Promise.all([library.load(), useReadersStore().load()])
    library.setRising(true)
    const empty = mount(LibraryEmpty)
    expect(empty.text()).toContain('FlipDrop has not counted your readers yet.')
    expect(empty.find('.empty-since').exists()).toBe(false)
  })
})
