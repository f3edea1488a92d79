import { z } from 'zod'
import type { ItemSummary, ListPage, NewItem } from '../../../../src-shared/domain/service/item'
import { normalizeServiceDate } from './dates'
import { boolField, idField, numberField, textField } from './fields'

const itemSchema = z.looseObject({
  ID: idField,
  Name: textField,
  Title: textField,
  Description: textField,
  DocType: z.enum(['Flipbook', 'Document']).catch('Flipbook'),
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

/**
 * Normalizes an item record or list row: typed fields for what FlipDrop shows, every field
 * kept in `raw`. The creation date comes from CreatedOnIso when present, otherwise from
 * CreatedOn in whichever of its formats the endpoint used.
 */
export function toItem(record: unknown): ItemSummary {
  const parsed = itemSchema.parse(record)
  const raw = record as Record<string, unknown>
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
    createdOn: normalizeServiceDate(raw['CreatedOnIso']) ?? normalizeServiceDate(raw['CreatedOn']),
    pages: parsed.Pages,
    views: parsed.NoOfViews,
    leads: parsed.NoOfLeads,
    sales: parsed.NoOfSales,
    approvals: parsed.NoOfApprovals,
    isStarred: parsed.IsStarred,
    isPublished: parsed.IsPublished,
    isActive: parsed.IsActive,
    thumbnail: parsed.IMGPdf,
    raw: { ...raw }
  }
}

const listSchema = z.looseObject({
  Items: z.array(z.unknown()),
  TotalRecordCount: numberField,
  TotalItems: numberField,
  UserItems: numberField,
  PageSize: numberField,
  Capped: boolField
})

/** Normalizes a list answer (§4.4). */
export function toListPage(payload: unknown): ListPage {
  const parsed = listSchema.parse(payload)
  return {
    items: parsed.Items.map(toItem),
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
