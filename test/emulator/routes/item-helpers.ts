import type { DocType } from '../options'
import { judgePdf, type PdfScan } from '../pdf'
import type { ServerEnv } from '../http/route-context'
import { discard } from '../state/file-store'
import type { StoredItem } from '../state/types'
import { viewerDefaults } from '../state/viewer-defaults'

/** The numeric flipbookId of a path, or undefined when it is not a positive integer (§4). */
export function parseItemId(raw: string | undefined): number | undefined {
  if (raw === undefined || !/^\d{1,15}$/.test(raw)) return undefined
  const id = Number(raw)
  return Number.isSafeInteger(id) && id > 0 ? id : undefined
}

/**
 * The DocType of a new item (§4.3): always Document on the document host; on the default host
 * the DocType field, Flipbook when empty. Any other value is an error message.
 */
export function resolveDocType(field: string | undefined, hostDocType: DocType): DocType | { error: string } {
  if (hostDocType === 'Document') return 'Document'
  const value = (field ?? '').trim()
  if (value === '' || value === 'Flipbook') return 'Flipbook'
  if (value === 'Document') return 'Document'
  return { error: "DocType must be 'Flipbook' or 'Document'." }
}

/** Name of an item when the Name field is empty: the file name without extension. */
export function defaultName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? ''
  const stem = base.replace(/\.[^.]*$/, '').trim()
  return stem !== '' ? stem : 'Untitled'
}

/** Judges a received temp file; on success moves it into the store and returns id and pages. */
export async function acceptPdf(
  env: ServerEnv,
  tempPath: string,
  scan: PdfScan
): Promise<{ fileId: string; pages: number } | undefined> {
  const verdict = await judgePdf(tempPath, scan, env.options.pdfLibMaxMb * 1024 * 1024)
  if (!verdict.valid) {
    await discard(tempPath)
    return undefined
  }
  return { fileId: await env.files.adopt(tempPath), pages: verdict.pages }
}

/** A new item's fields with the defaults of a fresh upload. */
export function newItemDraft(input: {
  owner: string
  docType: DocType
  name: string
  title: string
  fileId: string
  pages: number
  createdMs: number
}): Omit<StoredItem, 'id' | 'slug'> {
  return {
    owner: input.owner,
    docType: input.docType,
    name: input.name,
    title: input.title,
    description: '',
    folder: '',
    createdMs: input.createdMs,
    validTillDate: '',
    ordPos: 0,
    isStarred: false,
    isTemplate: false,
    isActive: true,
    isPublished: true,
    pages: input.pages,
    views: 0,
    leads: 0,
    sales: 0,
    approvals: 0,
    fileId: input.fileId,
    frontFileId: '',
    backFileId: '',
    mergedFileId: '',
    cname: '',
    settings: {}
  }
}

/** Whether a key is a viewer setting of the record (so admin edits keep the record's shape). */
export function isViewerSetting(docType: DocType, key: string): boolean {
  return key in viewerDefaults(docType)
}
