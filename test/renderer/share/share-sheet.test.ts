import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Envelope } from '../../../src-shared/contract/errors'
import type { ShareItem } from '../../../src-shared/domain/share'
import type { QrPreview } from '../../../src-shared/domain/share-results'
import ShareSheet from '../../../src-renderer/src/components/share/ShareSheet.vue'
import { useShareSheet } from '../../../src-renderer/src/stores/share-store'
import { installBridge } from '../fake-main'

/*
 * The sheet's own behaviour in happy-dom, main standing by on cue (fake-main.ts): what it asks
 * main to copy and save. Chromium against the real core covers the rest (test/e2e/share-sheet.spec.ts).
 */

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

function shareItem(id: number, title: string, fields: Partial<ShareItem> = {}): ShareItem {
  return { id, docType: 'Flipbook', name: `${title}.pdf`, title, url: `https://flip.example/b/${String(id)}`, embedUrl: `https://flip.example/e/${String(id)}`, coverUrl: null, ...fields }
}

function qrPreview(fields: Partial<QrPreview['contrast']> = {}): QrPreview {
  return {
    modules: 25,
    path: 'M4 4h7v7h-7z',
    sizeMm: 30,
    moduleMm: 0.91,
    scanDistanceCm: 30,
    png: { pixels: 354, dpiOk: true },
    contrast: { ratio: 21, readable: true, inverted: false, ...fields }
  }
}

/** The last call main got on a channel. */
function lastCall(main: { calls: { channel: string; input: unknown }[] }, channel: string) {
  return main.calls.filter((call) => call.channel === channel).at(-1)
}

async function openSheet(items: ShareItem[], answers: Record<string, (input: unknown) => Envelope<unknown>> = {}) {
  const main = installBridge((channel, input) => {
    if (channel === 'share:items') return { ok: true, value: items }
    if (channel === 'share:qrPreview') return { ok: true, value: qrPreview() }
    return answers[channel]?.(input) ?? { ok: true, value: null }
  })
  const wrapper = mount(ShareSheet, { attachTo: document.body })
  useShareSheet().open(items.map((item) => ({ id: item.id, docType: item.docType })))
  // The sheet's dialog is loaded when first opened (a chunk of its own).
  await vi.waitFor(() => expect(wrapper.find('h2').exists()).toBe(true), { timeout: 15_000 })
  await settle()
  await settle()
  return { main, wrapper }
}

describe('the Share sheet', () => {
  beforeEach(() => {
    setActivePinia(createPinia())
    document.body.innerHTML = ''
    localStorage.clear()
  })

  it('is titled by the item and copies the link through main, as plain text or as rich text with HTML beside it', async () => {
    const { main, wrapper } = await openSheet([shareItem(7, 'Spring catalogue')])
    // The title is isolated in its own direction (a right-to-left title keeps the quotes in place).
    expect(wrapper.get('h2').text()).toBe('Share “\u2068Spring catalogue\u2069”')
    expect(wrapper.findAll('[role="tab"]').map((tab) => tab.text())).toEqual(['Link', 'Embed', 'QR code', 'Social card', 'Email'])
    await wrapper.get('button.share-copy').trigger('click')
    await settle()
    expect(lastCall(main, 'share:copy')).toEqual({ channel: 'share:copy', input: { text: 'https://flip.example/b/7', html: null } })
    expect(wrapper.get('button.share-copy').text()).toBe('Copied')

    await wrapper.get('input[value="rich"]').setValue(true)
    await wrapper.get('button.share-copy').trigger('click')
    await settle()
    expect(lastCall(main, 'share:copy')).toEqual({
      channel: 'share:copy',
      input: { text: 'https://flip.example/b/7', html: '<a href="https://flip.example/b/7" dir="auto">Spring catalogue</a>' }
    })
    expect(localStorage.getItem('flipdrop.share.linkFormat')).toBe('rich')
  })

  it('opens on the format chosen last time', async () => {
    localStorage.setItem('flipdrop.share.linkFormat', 'markdown')
    const { wrapper } = await openSheet([shareItem(7, 'Spring catalogue')])
    expect((wrapper.get('input[value="markdown"]').element as HTMLInputElement).checked).toBe(true)
    expect((wrapper.get('textarea').element as HTMLTextAreaElement).value).toBe('[Spring catalogue](https://flip.example/b/7)')
  })

  it('for several items: copies all links one a line in order, saves a CSV with the choices made, and offers only links and QR codes', async () => {
    const items = [shareItem(3, 'Gamma'), shareItem(1, 'Alpha'), shareItem(2, 'Beta')]
    const { main, wrapper } = await openSheet(items)
    expect(wrapper.get('h2').text()).toBe('Share 3 items')
    expect(wrapper.findAll('[role="tab"]').map((tab) => tab.text())).toEqual(['Link', 'QR code'])
    expect(wrapper.findAll('.share-item-name').map((name) => name.text())).toEqual(['Gamma', 'Alpha', 'Beta'])
    await wrapper.get('input[value="markdown"]').setValue(true)
    await wrapper.get('button.share-copy').trigger('click')
    await settle()
    expect(lastCall(main, 'share:copy')?.input).toEqual({ text: '[Gamma](https://flip.example/b/3)\n[Alpha](https://flip.example/b/1)\n[Beta](https://flip.example/b/2)', html: null })

    await wrapper.get('#share-tab-qr').trigger('click')
    await settle()
    await settle()
    // The preview is one code of many: it says whose.
    expect(wrapper.get('.share-qr-figure figcaption').text()).toContain('Shown: the code of “\u2068Gamma\u2069”; each item gets its own.')
    expect(wrapper.findAll('.share-qr .share-actions button').map((button) => button.text())).toEqual(['Save QR codes…'])
    await wrapper.get('#share-tab-link').trigger('click')
    const csv = wrapper.findAll('button').find((button) => button.text() === 'Save CSV…')
    await csv?.trigger('click')
    await settle()
    expect(lastCall(main, 'share:saveCsv')).toEqual({
      channel: 'share:saveCsv',
      input: {
        refs: items.map((item) => ({ id: item.id, docType: 'Flipbook' })),
        embedSize: { kind: 'responsive', ratio: '16:9' },
        qrType: 'svg',
        linkFormat: 'markdown'
      }
    })
  })

  it('refuses a QR code phones cannot read: Save and Copy are off, and it says why', async () => {
    const main = installBridge((channel) => {
      if (channel === 'share:items') return { ok: true, value: [shareItem(7, 'Spring')] }
      if (channel === 'share:qrPreview') return { ok: true, value: qrPreview({ ratio: 1.3, readable: false }) }
      return { ok: true, value: null }
    })
    const wrapper = mount(ShareSheet, { attachTo: document.body })
    useShareSheet().open([{ id: 7, docType: 'Flipbook' }])
    await settle()
    await settle()
    await wrapper.get('#share-tab-qr').trigger('click')
    await settle()
    await settle()
    expect(main.calls.some((call) => call.channel === 'share:qrPreview')).toBe(true)
    expect(wrapper.get('[role="alert"]').text()).toContain('Phones can’t read this code')
    expect(wrapper.get('[role="alert"]').text()).toContain('1.3:1')
    const actions = wrapper.findAll('.share-qr .share-actions button')
    expect(actions.map((button) => [button.text(), button.attributes('disabled') !== undefined])).toEqual([
      ['Save…', true],
      ['Copy image', true]
    ])
    expect(wrapper.get('.share-qr-code').attributes('draggable')).toBe('false')
  })

  it('draws the QR code as vector from main’s path, and saves with the options chosen', async () => {
    const { main, wrapper } = await openSheet([shareItem(7, 'Spring')])
    await wrapper.get('#share-tab-qr').trigger('click')
    await settle()
    await settle()
    expect(wrapper.get('.share-qr-code svg').attributes('viewBox')).toBe('0 0 33 33')
    expect(wrapper.get('.share-qr-code path').attributes('d')).toBe('M4 4h7v7h-7z')
    await wrapper.get('input[value="50"]').setValue(true)
    await wrapper.get('input[value="pdf"]').setValue(true)
    await settle()
    await wrapper.findAll('.share-qr .share-actions button')[0]?.trigger('click')
    await settle()
    expect(lastCall(main, 'share:saveQr')).toEqual({
      channel: 'share:saveQr',
      input: { refs: [{ id: 7, docType: 'Flipbook' }], options: { sizeMm: 50, ecc: 'M', dark: '#000000', light: '#ffffff', dpi: 300 }, type: 'pdf' }
    })
  })

  it('says an item without an embed link cannot be embedded', async () => {
    const { wrapper } = await openSheet([shareItem(7, 'Spring', { embedUrl: null })])
    await wrapper.get('#share-tab-embed').trigger('click')
    expect(wrapper.get('.share-note').text()).toBe('This item can’t be embedded: the service gave it no embed link.')
  })

  it('closes on Escape (the dialog’s cancel)', async () => {
    const { wrapper } = await openSheet([shareItem(7, 'Spring')])
    wrapper.get('dialog').element.dispatchEvent(new Event('cancel', { cancelable: true }))
    await settle()
    expect(useShareSheet().refs).toBeNull()
    expect(wrapper.find('dialog').exists()).toBe(false)
  })
})

describe('the embed builder’s custom size', () => {
  beforeEach(() => {
    setActivePinia(createPinia())
    document.body.innerHTML = ''
  })

  it('takes a size only when both sides are whole pixels in range, and says what is wrong under the field', async () => {
    const { wrapper } = await openSheet([shareItem(7, 'Spring')])
    await wrapper.get('#share-tab-embed').trigger('click')
    await wrapper.get('input[value="custom"]').setValue(true)
    const [width, height] = wrapper.findAll('.share-custom-size input')
    await width?.setValue('640')
    await height?.setValue('480')
    expect((wrapper.get('#share-embed-code').element as HTMLTextAreaElement).value).toContain('width="640" height="480"')
    await width?.setValue('50')
    expect(wrapper.get('#share-embed-width-problem').text()).toBe('Between 100 and 4000 pixels.')
    expect(width?.attributes('aria-invalid')).toBe('true')
    // The code keeps the last size that was in range.
    expect((wrapper.get('#share-embed-code').element as HTMLTextAreaElement).value).toContain('width="640" height="480"')
  })
})
