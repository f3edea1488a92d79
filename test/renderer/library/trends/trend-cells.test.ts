import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import LibraryItems from '../../../../src-renderer/src/components/library/LibraryItems.vue'
import LibraryRow from '../../../../src-renderer/src/components/library/LibraryRow.vue'
import LibraryTile from '../../../../src-renderer/src/components/library/LibraryTile.vue'
import { speak } from '../../../../src-renderer/src/i18n/i18n'
import { NO_SELECTION } from '../../../../src-renderer/src/library/multi-select'
import { signedGain, weekGainsText } from '../../../../src-renderer/src/library/trend-words'
import { installBridge } from '../../fake-main'
import { row, trend } from './fixtures'

beforeEach(() => {
  setActivePinia(createPinia())
  installBridge(() => ({ ok: true, value: null }))
})
afterEach(() => speak('en'))

const rowProps = { item: row(1, 'Spring catalogue', { views: 2_400, leads: 31 }), current: false, selected: false, checked: false, rowIndex: 2 }
/** Words as read: the catalogs keep "last 7 days" on one line with no-break spaces. */
const spaced = (text: string | undefined): string | undefined => text?.replace(/\s+/g, ' ')
const cell = (wrapper: ReturnType<typeof mount>, column: string) => wrapper.get(`[data-column="${column}"]`)

describe('the list\'s 7-day columns', () => {
  it('show a gain signed and grouped ("+1,240"), a quiet week as 0', () => {
    const wrapper = mount(LibraryRow, { props: { ...rowProps, trend: trend(1_240, 0) } })
    expect(cell(wrapper, 'weekViews').text()).toBe('+1,240')
    expect(cell(wrapper, 'weekLeads').text()).toBe('0')
    expect(cell(wrapper, 'weekViews').find('.gained').exists()).toBe(true)
  })

  it('show a week FlipDrop did not count as a dash read out as "Not counted yet", never as 0', () => {
    for (const unknown of [trend(null, null), undefined]) {
      const wrapper = mount(LibraryRow, { props: { ...rowProps, trend: unknown } })
      for (const column of ['weekViews', 'weekLeads']) {
        const gain = cell(wrapper, column)
        expect(gain.get('[aria-hidden="true"]').text()).toBe('—')
        expect(gain.get('.sr-only').text()).toBe('Not counted yet')
        expect(gain.text()).not.toContain('0')
        expect(gain.get('.week-gain').attributes('title')).toBe('FlipDrop has no count of this item in the last 7 days.')
      }
    }
  })

  it('mark a rising item with an arrow that says so', () => {
    const wrapper = mount(LibraryRow, { props: { ...rowProps, trend: trend(300, 2, true) } })
    expect(cell(wrapper, 'weekViews').get('[role="img"]').attributes('aria-label')).toBe('Rising: far more views this week than in the weeks before')
    expect(mount(LibraryRow, { props: { ...rowProps, trend: trend(300, 2) } }).find('[role="img"]').exists()).toBe(false)
  })

  it('have headers named in full words, with short words for a narrow list', () => {
    const wrapper = mount(LibraryItems, {
      props: {
        items: [rowProps.item],
        layout: 'list',
        selectedKey: null,
        sortBy: 'WeekViews',
        sortOrder: 'DESC',
        place: { account: null, folder: null, docType: null, sortBy: 'WeekViews', sortOrder: 'DESC', search: '', rising: false },
        week: {},
        selection: NO_SELECTION
      }
    })
    const header = wrapper.get('.head-weekViews')
    expect(header.attributes('aria-sort')).toBe('descending')
    expect(spaced(header.get('button').attributes('aria-label'))).toBe('Views, last 7 days')
    expect(spaced(header.get('button').attributes('title'))).toBe('Views, last 7 days')
    expect(header.get('.label-short').text()).toBe('7-day views')
    expect(spaced(wrapper.get('.head-weekLeads button').attributes('aria-label'))).toBe('Leads, last 7 days')
    // Columns that always fit keep their words as their name, with no tooltip of the same words.
    expect(wrapper.get('.head-views button').attributes('aria-label')).toBeUndefined()
  })
})

describe('the grid card', () => {
  const tileProps = { item: row(1, 'Spring catalogue', { views: 2_400 }), current: false, selected: false, checked: false, position: 0, total: 1, coverBox: { width: 140, height: 180 } }

  it('says "+124 views this week", adds leads when there are some, and is read after the tile\'s name', () => {
    const wrapper = mount(LibraryTile, { props: { ...tileProps, trend: trend(124, 0), gainsLine: true } })
    const gains = wrapper.get('[data-testid="tile-gains"]')
    expect(gains.text()).toBe('+124 views this week')
    expect(gains.find('.gains-short').exists()).toBe(false)
    expect(wrapper.get('li').attributes('aria-describedby')).toBe(gains.get('.tile-gains-text').attributes('id'))
    const leadsOnly = mount(LibraryTile, { props: { ...tileProps, trend: trend(0, 1), gainsLine: true } })
    expect(leadsOnly.get('[data-testid="tile-gains"]').text()).toBe('+1 lead this week')
  })

  it('with both, says them together on a wide card and the views alone on a narrow one; the whole line is its tooltip and description', () => {
    const wrapper = mount(LibraryTile, { props: { ...tileProps, trend: trend(124, 3), gainsLine: true } })
    const gains = wrapper.get('[data-testid="tile-gains"]')
    expect(gains.get('.gains-long').text()).toBe('+124 views, +3 leads this week')
    expect(gains.get('.gains-short').text()).toBe('+124 views this week')
    expect(gains.get('.gains-short').attributes('aria-hidden')).toBe('true')
    expect(gains.attributes('title')).toBe('+124 views, +3 leads this week')
    expect(wrapper.get('li').attributes('aria-describedby')).toBe(gains.get('.gains-long').attributes('id'))
  })

  it('says nothing for a quiet or uncounted week, and keeps no line when no item gained anything', () => {
    for (const quiet of [trend(0, 0), trend(null, null), undefined]) {
      const wrapper = mount(LibraryTile, { props: { ...tileProps, trend: quiet, gainsLine: true } })
      expect(wrapper.get('[data-testid="tile-gains"]').text()).toBe('')
      expect(wrapper.get('li').attributes('aria-describedby')).toBeUndefined()
    }
    const none = mount(LibraryTile, { props: { ...tileProps, trend: undefined, gainsLine: false } })
    expect(none.find('[data-testid="tile-gains"]').exists()).toBe(false)
    expect(none.get('li').classes()).not.toContain('with-gains')
  })

  it('grows every tile by the gains line once some item gained something, so the grid stays even', () => {
    const props = {
      items: [rowProps.item, row(2, 'Annual report')],
      layout: 'grid' as const,
      selectedKey: null,
      sortBy: 'Name' as const,
      sortOrder: 'ASC' as const,
      place: { account: null, folder: null, docType: null, sortBy: 'Name' as const, sortOrder: 'ASC' as const, search: '', rising: false },
      selection: NO_SELECTION
    }
    // Zero width in happy-dom: one column, two rows of (tile + 8 px gap).
    const quiet = mount(LibraryItems, { props: { ...props, week: { 'Flipbook:1': trend(0, 0) } } })
    const grown = mount(LibraryItems, { props: { ...props, week: { 'Flipbook:1': trend(5, 0) } } })
    expect(quiet.find('.library-grid').attributes('style')).toContain('height: 544px')
    expect(grown.find('.library-grid').attributes('style')).toContain('height: 584px')
  })
})

describe('the words of a gain, in the window\'s language', () => {
  it('are signed and grouped as the language writes numbers', async () => {
    expect([signedGain(12_345), signedGain(0), signedGain(null)]).toEqual(['+12,345', '0', '—'])
    await speak('de')
    expect(signedGain(12_345)).toBe('+12.345')
    expect(weekGainsText(1_240, 1)).toBe('+1.240 Aufrufe, +1 Lead diese Woche')
  })

  it('are whole sentences in Japanese, with no English left', async () => {
    await speak('ja')
    expect(weekGainsText(12, 0)).toBe('今週 閲覧 +12')
    expect(weekGainsText(null, null)).toBe('')
  })
})
