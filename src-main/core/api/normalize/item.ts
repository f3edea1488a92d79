import { z } from 'zod'
import type { DocType, ItemSummary, ListPage, NewItem } from '../../../../src-shared/domain/service/item'
import type { ItemDetails } from '../../../../src-shared/domain/service/item-details'
import type { ServerZone } from '../server-zone'
import { isoOffsetMinutes, normalizeServiceDate } from './dates'
import { boolField, idField, numberField, parseFields, textField, type GapReporter } from './fields'
import { toDetailGroups } from './item-details'

/** The record as the service sent it: every field, credentials included. Never leaves main. */
export type RawRecord = Record<string, unknown>

/**
 * One item as main holds it: the renderer-safe summary and details, and the raw record
 * beside them (not inside, so it cannot travel to the renderer by accident: a `ServiceItem`
 * is not assignable to any renderer type).
 */
export interface ServiceItem {
  summary: ItemSummary
  details: ItemDetails
  raw: RawRecord
}

const docTypeField = z.enum(['Flipbook', 'Document']).nullable().catch(null)

const itemSchema = z.looseObject({
  ID: idField,
  Name: textField,
  Title: textField,
  Description: textField,
  DocType: docTypeField,
  Folder: textField,
  CustomURL: textField,
  FullURL: textField,
  EmbedURL: textField,
  Pages: numberField,
  NoOfViews: numberField,
  NoOfLeads: numberField,
  NoOfSales: numberField,
  NoOfApprovals: numberField,
  IsStarred: boolField,
  IsPublished: boolField,
  IsActive: boolField,
  IMGPdf: textField
})

/** How records are read: where the server's zone is kept, and where gaps are reported. */
export interface ReadContext {
  zone: ServerZone
  gaps: GapReporter
}

/**
 * The creation date: CreatedOnIso when present (it also teaches the server's zone),
 * otherwise CreatedOn in whichever of its formats the endpoint used.
 */
function createdOn(record: RawRecord, zone: ServerZone): string | null {
  const offset = isoOffsetMinutes(record['CreatedOnIso'])
  if (offset !== null) zone.learn(offset, 'CreatedOnIso')
  return normalizeServiceDate(record['CreatedOnIso']) ?? normalizeServiceDate(record['CreatedOn'], zone.offsetMinutes)
}

/** Normalizes an item record or list row to the renderer-safe summary; requires an ID. */
export function toItemSummary(record: unknown, read: ReadContext, where = 'item'): ItemSummary {
  const parsed = parseFields(itemSchema, record, where, read.gaps)
  return {
    id: parsed.ID,
    name: parsed.Name,
    title: parsed.Title,
    description: parsed.Description,
    docType: parsed.DocType,
    folder: parsed.Folder,
    customUrl: parsed.CustomURL,
    fullUrl: parsed.FullURL,
    embedUrl: parsed.EmbedURL,
    createdOn: createdOn(record as RawRecord, read.zone),
    pages: parsed.Pages,
    views: parsed.NoOfViews,
    leads: parsed.NoOfLeads,
    sales: parsed.NoOfSales,
    approvals: parsed.NoOfApprovals,
    isStarred: parsed.IsStarred,
    isPublished: parsed.IsPublished,
    isActive: parsed.IsActive,
    thumbnail: parsed.IMGPdf
  }
}

/** A full record (get, find-by-url): summary, grouped details without credentials, and the raw record. */
export function toServiceItem(record: unknown, read: ReadContext): ServiceItem {
  const summary = toItemSummary(record, read, 'get')
  const raw = { ...(record as RawRecord) }
  return { summary, details: { summary, groups: toDetailGroups(raw) }, raw }
}

const listSchema = z.looseObject({
  Items: z.array(z.unknown()),
  TotalRecordCount: numberField,
  TotalItems: numberField,
  UserItems: numberField,
  PageSize: numberField,
  Capped: boolField
})

/** A list answer (§4.4), with the rows still raw (their dates may need the server's zone first). */
export function toListPage(payload: unknown, read: ReadContext): ListPage & { rows: RawRecord[] } {
  const parsed = parseFields(listSchema, payload, 'list', read.gaps)
  const rows = parsed.Items as RawRecord[]
  return {
    rows,
    items: rows.map((row) => toItemSummary(row, read, 'list row')),
    totalRecordCount: parsed.TotalRecordCount,
    totalItems: parsed.TotalItems,
    userItems: parsed.UserItems,
    pageSize: parsed.PageSize,
    capped: parsed.Capped
  }
}

const newItemSchema = z.looseObject({ ID: idField, URL: z.string() })

/** A created or duplicated item: the ID arrives as a string and leaves as a number. */
export function toNewItem(payload: unknown): NewItem {
  const parsed = newItemSchema.parse(payload)
  return { id: parsed.ID, url: parsed.URL }
}

/** Duplicate's answer: `{Count, Items:[{ID, URL}]}` (§4.5). */
export function toNewItems(payload: unknown): NewItem[] {
  return z.looseObject({ Items: z.array(z.unknown()) }).parse(payload).Items.map(toNewItem)
}

/** The kind an item is, when the record says. */
export function docTypeOf(record: RawRecord): DocType | null {
  return docTypeField.parse(record['DocType'])
}
