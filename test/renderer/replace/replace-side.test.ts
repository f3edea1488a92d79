import { mount } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import ReplaceSide from '../../../src-renderer/src/components/replace/ReplaceSide.vue'

const props = {
  label: 'New',
  name: 'Menu – Café Rouge.pdf',
  facts: '55 pages · 533 KB',
  src: null,
  waitingText: 'Drawing the first page…',
  missingText: 'Its first page can’t be shown'
}

describe('one side of the replace question', () => {
  it('says the first page is being drawn while it comes, in the same page box, never an empty grey box', () => {
    const side = mount(ReplaceSide, { props: { ...props, state: 'loading' } })
    expect(side.find('.page-box').exists()).toBe(true)
    expect(side.find('[role="status"]').text()).toBe('Drawing the first page…')
    expect(side.find('img').exists()).toBe(false)
    expect(side.find('figcaption').text()).toBe('NewMenu – Café Rouge.pdf55 pages · 533 KB')
  })

  it('shows the picture once drawn, and says why when there is none', () => {
    const ready = mount(ReplaceSide, { props: { ...props, state: 'ready', src: 'data:image/png;base64,AA==' } })
    expect(ready.find('.page-box img').attributes('src')).toBe('data:image/png;base64,AA==')
    expect(ready.find('[role="status"]').exists()).toBe(false)
    const broken = mount(ReplaceSide, { props: { ...props, state: 'broken' } })
    expect(broken.find('.page-box').text()).toBe('Its first page can’t be shown')
    expect(broken.find('img').exists()).toBe(false)
  })
})
