import { formatClockTime, formatDayMonYear, formatDotNetDate, formatIsoWithOffset, formatListCreatedOn } from '../formats'
import type { SettingValue, StoredItem } from './types'
import { viewerDefaults } from './viewer-defaults'

/** What a record needs besides the item: where viewers live and the server's time zone. */
export interface RecordContext {
  /** Origin of the host an item belongs to (`EmulatorState.hostOf`), e.g. `http://127.0.0.1:8787`. */
  viewerOrigin: (item: StoredItem) => string
  utcOffsetMinutes: number
}

/** Relative storage path of a stored file; public at `<origin>/__files/<path>`. */
export function filePath(fileId: string): string {
  return fileId === '' ? '' : `pdf/${fileId}.pdf`
}

/** The file get-pdf serves: the merged PDF when a front/back wrap exists (§4.4). */
export function mainFileId(item: StoredItem): string {
  return item.mergedFileId !== '' ? item.mergedFileId : item.fileId
}

/** Viewer URLs of an item: `<origin>/view/<slug>`, or `https://<CNAME>/<slug>` for CNAME items. */
export function itemUrls(item: StoredItem, ctx: RecordContext): { prefix: string; full: string; embed: string } {
  const origin = ctx.viewerOrigin(item)
  const prefix = `${origin}/view`
  const full = item.cname !== '' ? `https://${item.cname}/${item.slug}` : `${prefix}/${item.slug}`
  return { prefix, full, embed: `${origin}/embed/${item.slug}` }
}

/** The share URL a create or duplicate answer carries (viewer URL ending in the slug, §4.3). */
export function shareUrl(item: StoredItem, ctx: RecordContext): string {
  return itemUrls(item, ctx).full
}

/** Fields shared by the full record and the list row (section 2.6, identity and listing). */
function identityFields(item: StoredItem, ctx: RecordContext): Record<string, SettingValue> {
  const urls = itemUrls(item, ctx)
  return {
    ID: item.id,
    VendorID: '',
    Name: item.name,
    Title: item.title,
    Description: item.description,
    DocType: item.docType,
    CustomURL: item.slug,
    FullURL: urls.full,
    EmbedURL: urls.embed,
    URLPrefix: urls.prefix,
    CNAME: item.cname,
    CreatedOnIso: formatIsoWithOffset(item.createdMs, ctx.utcOffsetMinutes),
    ValidTillDate: item.validTillDate,
    Folder: item.folder,
    OrdPos: item.ordPos,
    IsStarred: item.isStarred,
    IsTemplate: item.isTemplate,
    IsActive: item.isActive,
    IsPublished: item.isPublished,
    Pages: item.pages,
    NoOfViews: item.views,
    NoOfLeads: item.leads,
    NoOfSales: item.sales,
    NoOfApprovals: item.approvals,
    FilePDF: filePath(mainFileId(item)),
    FrontPDF: filePath(item.frontFileId),
    MiddlePDF: item.mergedFileId !== '' ? filePath(item.fileId) : '',
    BackPDF: filePath(item.backFileId),
    PreviewPDF: '',
    IMGPdf: `thumbs/${item.id}.png`
  }
}

/**
 * The full record of get and find-by-url (§2.6): about 190 fields, ID as a number,
 * CreatedOn as `/Date(<ms>)/`.
 */
export function buildFullRecord(item: StoredItem, vendorId: string, ctx: RecordContext): Record<string, SettingValue> {
  return {
    ...identityFields(item, ctx),
    VendorID: vendorId,
    CreatedOn: formatDotNetDate(item.createdMs),
    IsUnpublished: !item.isPublished,
    ...viewerDefaults(item.docType),
    ...item.settings
  }
}

/**
 * A row of list (§2.6, §4.4): identity fields plus the list-only display fields,
 * CreatedOn as `Mon DD YYYY h:mmAM` and IsUnpublished as a string ('0'/'1').
 */
export function buildListRow(item: StoredItem, vendorId: string, ctx: RecordContext): Record<string, SettingValue> {
  const password = item.settings['Password']
  const protectedItem = item.settings['IsPasswordProtected'] === true
  return {
    ...identityFields(item, ctx),
    VendorID: vendorId,
    CreatedOn: formatListCreatedOn(item.createdMs, ctx.utcOffsetMinutes),
    CreatedDate: formatDayMonYear(item.createdMs, ctx.utcOffsetMinutes),
    CreatedTime: formatClockTime(item.createdMs, ctx.utcOffsetMinutes),
    IsUnpublished: item.isPublished ? '0' : '1',
    CNAMEMessage: item.cname !== '' ? `Served on ${item.cname}` : '',
    DocTypeColor: item.docType === 'Flipbook' ? '#3F51B5' : '#00897B',
    SSL: item.cname !== '' ? 'Yes' : '',
    CompressDataKey: `cdk-${item.id.toString(36)}`,
    Optimised: item.pages > 0 ? 'Yes' : 'No',
    Password: protectedItem && typeof password === 'string' ? password : ''
  }
}
