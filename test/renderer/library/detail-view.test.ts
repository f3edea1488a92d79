import { describe, expect, it } from 'vitest'
import { DETAIL_GROUP_FIELDS, DETAIL_GROUP_IDS, type DetailField, type ItemDetails } from '../../../src-shared/domain/service/item-details'
import { CREDENTIAL_FIELDS } from '../../../src-shared/domain/service/item-details'
import { isKnownField } from '../../../src-shared/domain/service/item-detail-fields'
import { presentDetails } from '../../../src-renderer/src/library/detail-view'

/** A record as main groups it, every field of §2.6 present, with the values given (others unset). */
function details(values: Record<string, string | number | boolean | null>): ItemDetails {
  const credentials = new Set<string>(CREDENTIAL_FIELDS)
  const summary = {
    id: 12, name: 'Spring Catalogue', title: null, description: null, docType: null, folder: null, customUrl: null, fullUrl: null,
    embedUrl: null, createdOn: null, pages: null, views: null, leads: null, sales: null, approvals: null, isStarred: null,
    isPublished: null, isActive: null, thumbnail: null
  }
  return {
    summary,
    groups: DETAIL_GROUP_IDS.map((id) => ({
      id,
      fields: DETAIL_GROUP_FIELDS[id].map((key): DetailField =>
        credentials.has(key)
          ? { key: key as (typeof CREDENTIAL_FIELDS)[number], credentialSet: values[key] === undefined ? null : values[key] !== '' }
          : { key, value: values[key] ?? null }
      )
    }))
  }
}

const record = {
  ID: 12, Name: 'Spring Catalogue', DocType: 'Flipbook', CustomURL: 'spring-catalogue', CreatedOn: '2026-09-14T09:32:22.464Z', IsPublished: true,
  SkinID: 4, SkinName: 'Old name', ColorPanel: '#ff6a00', ColorBackground: '#F2F2F2', PageTurnMode: 'Flip', AutoFlipInSecs: 0,
  BackgroundMusic: 'None', IsBackgroundMusicLoop: true, IsPrint: false, IsZoom: true, BackgroundIMG: '', BackgroundDisplayFit: 'cover',
  IsShare: true, IsShareFacebook: true, IsShareWeChat: false, IsShareTwitter: true,
  IsCTAButton: false, CTAButtonText: 'Learn more', CTAButtonColor: '#FF6A00',
  IsPasswordProtected: true, Password: 'pw-never-shown', PwdTitle: 'Members only', PwdPlaceholder: '',
  IsLeadCapture: false, LeadCaptureTitle: 'Fill this in', IsLeadEmail: true,
  IsForSale: true, SaleCurr: 'EUR', SaleAmount: 12.5, SaleGatewayKey: '',
  IsVA: false, AIKey: 'ai-never-shown'
}

describe('item details for people', () => {
  const view = presentDetails(details(record), { skins: [{ id: 4, name: 'Magazine', imageUrl: null, thumbUrl: null }], locale: 'en-GB' })
  const shown = [...view.sections.flatMap((section) => [section.title, section.state ?? '', ...section.rows.flatMap((row) => [row.label, row.text])])]
  const section = (id: string) => view.sections.find((entry) => entry.id === id)
  const row = (id: string, field: string) => section(id)?.rows.find((entry) => entry.field === field)

  it('never shows an API field name, a credential value or an item number in the groups', () => {
    const words = shown.join('\n')
    for (const apiName of ['IsShareWeChat', 'CreatedOn', 'SkinID', 'ColorPanel', 'IsPasswordProtected', 'PwdTitle', 'SaleCurr', 'TwillioAPIKey']) {
      expect(words).not.toContain(apiName)
    }
    expect(JSON.stringify(view)).not.toContain('never-shown')
    expect(words).not.toContain('12\n')
    // The number lives under Technical details.
    expect(view.technical.find((entry) => entry.field === 'ID')).toMatchObject({ label: 'Item number', text: '12' })
  })

  it('formats values: On/Off, colours with their swatch, skins by the account\'s name, money in its currency', () => {
    expect(row('appearance', 'SkinID')).toMatchObject({ label: 'Skin', text: 'Magazine' })
    expect(row('appearance', 'ColorPanel')).toMatchObject({ label: 'Toolbar colour', text: '#FF6A00', swatch: '#ff6a00' })
    expect(row('appearance', 'features-on')?.text).toBe('Zoom')
    expect(row('appearance', 'features-off')?.text).toBe('Printing')
    expect(row('sharing', 'share-networks')?.text).toBe('Facebook, X (Twitter)')
    expect(section('password')).toMatchObject({ title: 'Password', state: 'On' })
    expect(row('password', 'Password')).toMatchObject({ label: 'Password', text: 'Set' })
    expect(row('password', 'PwdTitle')).toMatchObject({ label: 'Prompt', text: 'Members only' })
    expect(row('sale', 'SaleAmount')).toMatchObject({ label: 'Price', text: '€12.50' })
  })

  it('hides empty and unused values, and says a feature that is off in one word', () => {
    expect(row('appearance', 'AutoFlipInSecs')).toBeUndefined()
    expect(row('appearance', 'BackgroundMusic')).toBeUndefined()
    // Parts of something unset or off: no background image, no music, no button.
    expect(row('appearance', 'BackgroundDisplayFit')).toBeUndefined()
    expect(shown).not.toContain('Music loops')
    expect(row('password', 'PwdPlaceholder')).toBeUndefined()
    expect(section('call-to-action')).toMatchObject({ state: 'Off', rows: [] })
    expect(section('lead-capture')).toMatchObject({ state: 'Off', rows: [] })
    expect(section('assistant')).toMatchObject({ state: 'Off', rows: [] })
    expect(row('sale', 'SaleGatewayKey')).toMatchObject({ text: 'Not set' })
  })

  it('keeps every field, with its words, under All fields', () => {
    const fields = DETAIL_GROUP_IDS.flatMap((id) => DETAIL_GROUP_FIELDS[id])
    expect(view.all.map((entry) => entry.field)).toEqual(fields)
    // Every field has words of its own, not a spelling derived from its API name.
    for (const field of fields) expect(isKnownField(field), field).toBe(true)
    expect(view.all.find((entry) => entry.field === 'IsShareWeChat')).toMatchObject({ label: 'WeChat', text: 'Off' })
    expect(view.all.find((entry) => entry.field === 'CreatedOn')?.text).toMatch(/2026/)
    expect(view.all.find((entry) => entry.field === 'CTAButtonText')).toMatchObject({ label: 'First button words', text: 'Learn more' })
  })

  it('names the lead form’s phone country in the reader’s language, not by its code', () => {
    const lead = presentDetails(details({ IsLeadCapture: true, IsLeadPhone: true, LeadPhoneCountry: 'us' }), { skins: [], locale: 'de' })
    const country = lead.sections.find((entry) => entry.id === 'lead-capture')?.rows.find((entry) => entry.field === 'LeadPhoneCountry')
    expect(country).toMatchObject({ label: 'Phone country', text: 'Vereinigte Staaten' })
    const unknown = presentDetails(details({ IsLeadCapture: true, IsLeadPhone: true, LeadPhoneCountry: 'Atlantis' }), { skins: [], locale: 'de' })
    expect(unknown.sections.find((entry) => entry.id === 'lead-capture')?.rows.find((entry) => entry.field === 'LeadPhoneCountry')?.text).toBe('Atlantis')
  })
})
