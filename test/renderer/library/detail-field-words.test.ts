import { afterEach, describe, expect, it } from 'vitest'
import { DETAIL_FIELD_INFO } from '../../../src-shared/domain/service/item-detail-fields'
import { i18n, speak } from '../../../src-renderer/src/i18n/i18n'
import { detailFieldLabel } from '../../../src-renderer/src/library/detail-field-words'

/* Every setting's label comes from the catalog, whole, in the active language; a field without words still reads as words. */

describe('the labels of an item’s settings', () => {
  afterEach(() => speak('en'))

  it('says the lead form’s questions as whole labels, one per field', () => {
    expect(detailFieldLabel('IsLeadEmail')).toBe('Asks for e-mail')
    expect(detailFieldLabel('IsLeadPhoneMandatory')).toBe('Phone number required')
    expect(detailFieldLabel('Custom2Label')).toBe('Custom question 2 field label')
  })

  it('speaks the active language, brands staying the brands’ own', async () => {
    await speak('de')
    expect(detailFieldLabel('ColorPanel')).toBe('Farbe der Werkzeugleiste')
    expect(detailFieldLabel('IsLeadEmailMandatory')).toBe('E-Mail erforderlich')
    expect(detailFieldLabel('IsShareFacebook')).toBe('Facebook')
    await speak('ar')
    expect(detailFieldLabel('IsShareGeneral')).toBe('تطبيقات أخرى')
    await speak('zh-CN')
    expect(detailFieldLabel('IsShareWeChat')).toBe('微信')
  })

  it('has words for every field of the table in English, Japanese and Arabic, never the key', async () => {
    for (const language of ['en', 'ja', 'ar'] as const) {
      await speak(language)
      for (const field of Object.keys(DETAIL_FIELD_INFO)) {
        const label = detailFieldLabel(field)
        expect(label, `${language} ${field}`).not.toMatch(/^details\./)
        expect(label.trim(), `${language} ${field}`).not.toBe('')
      }
    }
  })

  it('falls back to English for a field a language has no words for yet', async () => {
    await speak('de')
    const german = i18n.global.getLocaleMessage('de') as Record<string, unknown>
    const { ColorPanel: _dropped, ...others } = (german['details'] as { field: Record<string, unknown> }).field
    i18n.global.setLocaleMessage('de', { ...german, details: { field: others } } as typeof german)
    try {
      expect(detailFieldLabel('ColorPanel')).toBe('Toolbar colour')
      expect(detailFieldLabel('ColorBackground')).toBe('Hintergrundfarbe')
    } finally {
      i18n.global.setLocaleMessage('de', german)
    }
  })

  it('names a field the table does not know from its spelling, never as the raw API name', () => {
    expect(detailFieldLabel('IsShareMastodon')).toBe('Share mastodon')
    expect(detailFieldLabel('WebhookURL_NewSale')).toBe('Webhook url new sale')
    expect(detailFieldLabel('toString')).toBe('To string')
  })
})
