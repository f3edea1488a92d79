import { detailFieldInfo, GROUP_SWITCHES, type DetailFieldInfo } from '../../../src-shared/domain/service/item-detail-fields'
import { isCredential, type DetailField, type DetailGroupId, type ItemDetails } from '../../../src-shared/domain/service/item-details'
import type { Skin } from '../../../src-shared/domain/service/references'
import { formatCount, formatDate, formatDateTime } from '../format/dates'
import { intlLocale } from '../i18n/i18n'
import { detailFieldLabel } from './detail-field-words'
import { detailWords, groupTitle, KIND_NAMES } from './words'

/** One line of the details: words and a formatted value (a colour carries its swatch). */
export interface DetailRow {
  /** The record's field, for keys and tests; never shown. */
  field: string
  label: string
  text: string
  /** A `#RRGGBB` to paint beside the value, for colours. */
  swatch: string | null
  /** The value as separate names (features on, networks), shown as a list; `text` joins them. */
  items?: string[]
}

/** A collapsible group: its title, "On"/"Off" for a feature that can be switched, and what is set. */
export interface DetailSection {
  id: DetailGroupId
  title: string
  /** "On" or "Off" for groups that are one feature (password, lead form…); null otherwise. */
  state: string | null
  rows: DetailRow[]
}

export interface DetailView {
  sections: DetailSection[]
  /** Item number, link ending, addresses and flags: kept out of the main view. */
  technical: DetailRow[]
  /** Every field, set or not, with its words. */
  all: DetailRow[]
}

/** What the details are told in words with: the account's skins (by ID) and the reader's locale. */
export interface DetailLookups {
  skins: readonly Skin[]
  locale?: string
}

type Value = string | number | boolean | null

/** Identity fields the panel's head already shows (cover, title, link, stats), or that say nothing here. */
const SHOWN_ABOVE = new Set(['Name', 'Title', 'Description', 'DocType', 'Folder', 'FullURL', 'CreatedOn', 'Pages', 'NoOfViews', 'NoOfLeads'])
/** Groups whose switches are listed as two lines (what is on, what is off) rather than one line each. */
const LISTED_TOGGLES = new Set<DetailGroupId>(['appearance'])
const SHARE_NETWORK = /^IsShare(?!Buttons$)[A-Z]/
const COLOR = /^#[0-9a-f]{6}$/i

function valuesOf(details: ItemDetails): Map<string, DetailField> {
  const values = new Map<string, DetailField>()
  for (const group of details.groups) for (const field of group.fields) values.set(field.key, field)
  return values
}

/** Whether a field's feature is on: every setting it is part of, up the chain, is on (a toggle) or set (a value). */
function inForce(info: DetailFieldInfo, values: Map<string, DetailField>, depth = 0): boolean {
  if (!info.partOf || depth > 4) return true
  const parent = values.get(info.partOf)
  const parentInfo = detailFieldInfo(info.partOf)
  if (!parent || isCredential(parent)) return false
  const on = typeof parent.value === 'boolean' ? parent.value : !isUnset(parentInfo, parent.value)
  return on && inForce(parentInfo, values, depth + 1)
}

/** Nothing set: no value, an empty text, no music, or a zero that means "not used". */
function isUnset(info: DetailFieldInfo, value: Value): boolean {
  if (value === null) return true
  if (typeof value === 'string') return value.trim() === '' || (info.kind === 'music' && value.trim().toLowerCase() === 'none')
  if (typeof value === 'number') return value === 0 && (info.kind === 'seconds' || info.kind === 'pages' || info.kind === 'money')
  return false
}

function money(amount: number, currency: Value, locale?: string): string {
  if (typeof currency === 'string' && /^[A-Z]{3}$/.test(currency)) {
    try {
      return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount)
    } catch {
      // An unknown currency code: the amount with the code, below.
    }
  }
  return `${new Intl.NumberFormat(locale).format(amount)}${typeof currency === 'string' && currency ? ` ${currency}` : ''}`
}

/** A region code as the record stores it ("us") by its name in the reader's language ("Vereinigte Staaten"). */
function countryName(code: string, locale = intlLocale()): string {
  if (!/^[a-z]{2}$/i.test(code)) return code
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code.toUpperCase()) ?? code
  } catch {
    return code
  }
}

function formatValue(field: DetailField, info: DetailFieldInfo, values: Map<string, DetailField>, lookups: DetailLookups): { text: string; swatch: string | null } {
  if (isCredential(field)) return { text: field.credentialSet === null ? detailWords.empty : field.credentialSet ? detailWords.set : detailWords.notSet, swatch: null }
  const value = field.value
  if (value === null || value === '') return { text: detailWords.empty, swatch: null }
  if (typeof value === 'boolean') return { text: value ? detailWords.on : detailWords.off, swatch: null }
  switch (info.kind) {
    case 'color':
      return typeof value === 'string' && COLOR.test(value) ? { text: value.toUpperCase(), swatch: value } : { text: String(value), swatch: null }
    case 'date':
      return { text: typeof value === 'string' ? (/T\d/.test(value) ? formatDateTime(value, lookups.locale) : formatDate(value, lookups.locale)) : String(value), swatch: null }
    case 'count':
    case 'number':
      return { text: typeof value === 'number' ? formatCount(value, lookups.locale) : String(value), swatch: null }
    case 'seconds':
      return { text: typeof value === 'number' ? detailWords.seconds(value) : String(value), swatch: null }
    case 'pages':
      return { text: typeof value === 'number' ? detailWords.pagesCount(value) : String(value), swatch: null }
    case 'money': {
      const currency = values.get('SaleCurr')
      return { text: typeof value === 'number' ? money(value, currency && !isCredential(currency) ? currency.value : null, lookups.locale) : String(value), swatch: null }
    }
    case 'skin': {
      const named = lookups.skins.find((skin) => skin.id === value)?.name
      const recorded = values.get('SkinName')
      const fallback = recorded && !isCredential(recorded) && typeof recorded.value === 'string' && recorded.value ? recorded.value : null
      return { text: named ?? fallback ?? String(value), swatch: null }
    }
    case 'image':
      return { text: detailWords.set, swatch: null }
    case 'country':
      return { text: typeof value === 'string' ? countryName(value, lookups.locale) : String(value), swatch: null }
    case 'kind':
      return { text: value === 'Document' || value === 'Flipbook' ? KIND_NAMES[value] : String(value), swatch: null }
    default:
      return { text: String(value), swatch: null }
  }
}

function rowOf(field: DetailField, values: Map<string, DetailField>, lookups: DetailLookups): DetailRow {
  const info = detailFieldInfo(field.key)
  return { field: field.key, label: detailFieldLabel(field.key), ...formatValue(field, info, values, lookups) }
}

/** What a group shows: the settings that are set and in force, switches of many features as two lists. */
function sectionRows(id: DetailGroupId, fields: readonly DetailField[], values: Map<string, DetailField>, lookups: DetailLookups): DetailRow[] {
  const rows: DetailRow[] = []
  const on: string[] = []
  const off: string[] = []
  const networks: { label: string; on: boolean }[] = []
  for (const field of fields) {
    const info = detailFieldInfo(field.key)
    if (info.allFieldsOnly || !inForce(info, values)) continue
    if (id === 'identity' && SHOWN_ABOVE.has(field.key)) continue
    if (isCredential(field)) {
      if (field.credentialSet !== null) rows.push(rowOf(field, values, lookups))
      continue
    }
    if (isUnset(info, field.value)) continue
    if (id === 'sharing' && SHARE_NETWORK.test(field.key) && typeof field.value === 'boolean') {
      networks.push({ label: detailFieldLabel(field.key), on: field.value })
      continue
    }
    if (LISTED_TOGGLES.has(id) && typeof field.value === 'boolean') {
      ;(field.value ? on : off).push(detailFieldLabel(field.key))
      continue
    }
    rows.push(rowOf(field, values, lookups))
  }
  if (networks.length > 0) {
    const chosen = networks.filter((network) => network.on).map((network) => network.label)
    const all = chosen.length === networks.length
    const text = all ? detailWords.allNetworks : chosen.length === 0 ? detailWords.noNetworks : chosen.join(', ')
    rows.push({ field: 'share-networks', label: detailWords.networks, text, swatch: null, ...(all || chosen.length === 0 ? {} : { items: chosen }) })
  }
  if (on.length > 0) rows.push({ field: 'features-on', label: detailWords.featuresOn, text: on.join(', '), swatch: null, items: on })
  if (off.length > 0) rows.push({ field: 'features-off', label: detailWords.featuresOff, text: off.join(', '), swatch: null, items: off })
  return rows
}

/** Whether a group's feature is on: null for groups that are no single feature. */
function groupState(id: DetailGroupId, values: Map<string, DetailField>): boolean | null {
  const switches = GROUP_SWITCHES[id]
  if (!switches) return null
  return switches.some((key) => {
    const field = values.get(key)
    return field !== undefined && !isCredential(field) && field.value === true
  })
}

/**
 * An item's details for people: groups with human labels and formatted values (On/Off,
 * colours with a swatch, skins by name, dates in the reader's locale), empty and unused
 * settings left out, a feature that is off said in one word; the item number and addresses
 * under "Technical details"; every field, set or not, under "All fields". No API field
 * name is ever part of the words.
 */
export function presentDetails(details: ItemDetails, lookups: DetailLookups): DetailView {
  const values = valuesOf(details)
  const sections: DetailSection[] = []
  let technical: DetailRow[] = []
  for (const group of details.groups) {
    if (group.id === 'identity') {
      technical = sectionRows('identity', group.fields, values, lookups)
      continue
    }
    const state = groupState(group.id, values)
    const rows = state === false ? [] : sectionRows(group.id, group.fields, values, lookups)
    // A feature of one switch that is on says so in its title, not again as a line.
    const switches = GROUP_SWITCHES[group.id] ?? []
    const shown = state === true && switches.length === 1 ? rows.filter((row) => row.field !== switches[0]) : rows
    if (state === null && shown.length === 0) continue
    sections.push({
      id: group.id,
      title: groupTitle(group.id),
      state: state === null ? null : state ? detailWords.on : detailWords.off,
      rows: shown
    })
  }
  const all = details.groups.flatMap((group) => group.fields.map((field) => rowOf(field, values, lookups)))
  return { sections, technical, all }
}
