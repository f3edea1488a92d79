import type { DocType } from '../../../src-shared/domain/service/item'
import type { ApiClient } from '../api/api-client'

/**
 * Where a host keeps its public files. The contract gives thumbnails (IMGPdf) and PDFs
 * (FilePDF) as relative paths and never says relative to what; get-pdf gives the public URL
 * of the main PDF (§4.4). For an item whose FilePDF is that same file, the URL is the root
 * followed by FilePDF, so the root is the URL without FilePDF at its end. Two requests, once
 * per kind. Null when the answers do not line up that way (a merged wrap file, a CDN that
 * renames files): thumbnails then stay unknown rather than guessed.
 */
export async function learnStorageRoot(
  client: Pick<ApiClient, 'getItem' | 'getPdfUrl'>,
  id: number,
  docType: DocType
): Promise<string | null> {
  const record = await client.getItem(id, docType)
  const filePdf = record.raw['FilePDF']
  if (typeof filePdf !== 'string' || filePdf.trim() === '') return null
  const relative = filePdf.trim().replace(/^\/+/, '')
  const url = await client.getPdfUrl(id, docType)
  const path = url.split(/[?#]/)[0] ?? ''
  if (!/^https?:\/\//i.test(path) || !path.endsWith(`/${relative}`)) return null
  return path.slice(0, path.length - relative.length)
}
