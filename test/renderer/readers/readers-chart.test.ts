import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { libraryKey, type LibraryItem } from '../../../src-shared/domain/library'
import type { HistoryBucket, ItemHistory } from '../../../src-shared/domain/readers'
import ReadersChart from '../../../src-renderer/src/components/readers/ReadersChart.vue'
import { chartBars, nextBar } from '../../../src-renderer/src/readers/chart-bars'
import { installBridge } from '../fake-main'

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
const counts = (views: number, leads: number) => ({ views, leads, sales: 0, approvals: 0 })
const day = (date: string, gained: [number, number] | null, totals: [number, number] | null = gained): HistoryBucket => ({
  start: `${date}T00:00:00Z`,
  gained: gained ? counts(...gained) : null,
  totals: totals ? counts(...totals) : null
})
const item: LibraryItem = {
  key: libraryKey('Flipbook', 7), id: 7, docType: 'Flipbook', name: 'Spring catalogue', title: null, description: null, folder: null, customUrl: null,
  fullUrl: 'https://example.com/7', embedUrl: null, createdOn: null, pages: 4, views: 300, leads: 4, sales: 0, approvals: 0, isStarred: false,
  isPublished: true, isActive: true, thumbnail: null, thumbnailUrl: null
}
const history = (buckets: HistoryBucket[], extra: Partial<ItemHistory> = {}): ItemHistory => ({
  key: item.key, range: '7d', unit: 'day', countedSince: '2026-11-20T09:00:00Z', gone: false, buckets, ...extra
})

describe('the bars of the readers chart', () => {
  it('scales what each day gained to the busiest day, and keeps a day nothing counted as a gap', () => {
    const bars = chartBars([day('2026-11-20', [0, 0], [100, 1]), day('2026-11-21', null), day('2026-11-22', [40, 2], [140, 3]), day('2026-11-23', [20, 0], [160, 3])])
    expect(bars.maxViews).toBe(40)
    expect(bars.bars.map((bar) => [bar.gap, bar.viewsHeight, bar.leadsHeight])).toEqual([
      [false, 0, 0],
      [true, 0, 0],
      [false, 1, 1],
      [false, 0.5, 0]
    ])
    expect(bars.counted).toBe(true)
    expect(chartBars([day('2026-11-20', null)]).counted).toBe(false)
  })

  it('moves with the arrows, Home and End, mirrored right to left', () => {
    expect(nextBar('ArrowRight', 2, 7, false)).toBe(3)
    expect(nextBar('ArrowRight', 6, 7, false)).toBe(6)
    expect(nextBar('ArrowLeft', 0, 7, false)).toBe(0)
    expect(nextBar('ArrowLeft', 2, 7, true)).toBe(3)
    expect(nextBar('Home', 4, 7, false)).toBe(0)
    expect(nextBar('End', 0, 7, false)).toBe(6)
    expect(nextBar('Enter', 0, 7, false)).toBeNull()
  })
})

describe('ReadersChart', () => {
  beforeEach(() => setActivePinia(createPinia()))

  async function mountWith(answer: ItemHistory) {
    const main = installBridge((channel, input) => (channel === 'readers:history' ? { ok: true, value: { ...answer, range: (input as { range: ItemHistory['range'] }).range } } : { ok: true, value: undefined }))
    const wrapper = mount(ReadersChart, { props: { item }, attachTo: document.body })
    await settle()
    return { main, wrapper }
  }

  it('draws gains and gaps, says exact numbers on keyboard focus, and the same in a table', async () => {
    const { main, wrapper } = await mountWith(history([day('2026-11-20', [0, 0], [100, 1]), day('2026-11-21', null), day('2026-11-22', [124, 3], [224, 4])]))
    expect(main.calls.filter((call) => call.channel === 'readers:history').map((call) => call.input)).toEqual([{ id: 7, docType: 'Flipbook', range: '30d' }])
    expect(wrapper.findAll('.readers-bar[data-gap]')).toHaveLength(1)
    const plot = wrapper.get('[data-testid="readers-plot"]')
    await plot.trigger('focus')
    // The newest day first: what a designer asks about.
    expect(wrapper.get('[data-testid="readers-tip"]').text()).toContain('+124 views')
    expect(wrapper.get('[data-testid="readers-tip"]').text()).toContain('+3 leads')
    expect(wrapper.get('[data-testid="readers-tip"]').text()).toContain('In all: views 224, leads 4')
    await plot.trigger('keydown', { key: 'ArrowLeft' })
    expect(wrapper.get('[data-testid="readers-tip"]').text()).toContain('Not counted this day')
    const rows = wrapper.findAll('[data-testid="readers-table"] tbody tr').map((row) => row.findAll('td').map((cell) => cell.text()))
    expect(rows).toEqual([['0', '0', '100', '1'], ['Not counted'], ['124', '3', '224', '4']])
    expect(wrapper.get('[data-testid="readers-since"]').text()).toMatch(/^FlipDrop has counted since /)
    wrapper.unmount()
  })

  it('asks again for another range, by weeks for all of it', async () => {
    const { main, wrapper } = await mountWith(history([day('2026-11-16', [10, 1], [110, 2])], { unit: 'week' }))
    await wrapper.get('input[value="all"]').setValue(true)
    await settle()
    expect(main.calls.filter((call) => call.channel === 'readers:history').map((call) => (call.input as { range: string }).range)).toEqual(['30d', 'all'])
    expect(wrapper.get('[data-testid="readers-plot"]').attributes('aria-label')).toBe('Views and leads per week')
    wrapper.unmount()
  })

  it('says when FlipDrop starts counting, instead of an empty chart; and what stays of a deleted item', async () => {
    const empty = await mountWith(history([day('2026-11-20', null)], { countedSince: null }))
    expect(empty.wrapper.get('[data-testid="readers-empty"]').text()).toBe('FlipDrop starts counting this item’s views and leads with the next refresh.')
    expect(empty.wrapper.find('[data-testid="readers-plot"]').exists()).toBe(false)
    empty.wrapper.unmount()
    const gone = await mountWith(history([day('2026-11-20', [1, 0])], { gone: true }))
    expect(gone.wrapper.text()).toContain('Deleted on the service: its numbers stay here until you sign out of this account.')
    gone.wrapper.unmount()
  })
})
