import { AppError } from '../../../src-shared/contract/errors'
import type { DownloadProgress, DownloadResult } from '../../../src-shared/domain/library'
import type { Network } from '../api/http/network'
import { ServiceError } from '../api/service-error'
import { sentence } from '../i18n/sentence'
import { throttle } from '../throttle'
import { DownloadError, downloadToFile } from './download-to-file'
import { safeFileName } from './file-name'

/** Progress reaches the window at most ten times a second. */
const PROGRESS_INTERVAL_MS = 100

export interface PdfDownload {
  key: string
  id: number
  /** The item's name, for the file name the dialog proposes. */
  name: string | null
  chooseSavePath: (defaultName: string) => Promise<string | null>
  /** The public storage URL of the PDF (get-pdf), asked once the user chose where it goes. */
  pdfUrl: () => Promise<string>
  network: Network
  signal: AbortSignal
  onProgress: (progress: DownloadProgress) => void
}

/**
 * "Download PDF": the OS save dialog (cancelled: nothing is asked or written), then the
 * item's PDF streamed into `<path>.part` on the client's routes (proxy, trusted roots) and
 * renamed to `<path>` when every byte arrived; a cut download leaves no file behind.
 */
export async function downloadPdf(download: PdfDownload): Promise<DownloadResult> {
  const path = await download.chooseSavePath(safeFileName(download.name, '.pdf', `item-${download.id}`))
  if (path === null) return { path: null, bytes: 0 }
  const url = await download.pdfUrl()
  let latest: DownloadProgress = { key: download.key, received: 0, total: null }
  const progress = throttle(() => download.onProgress(latest), PROGRESS_INTERVAL_MS)
  try {
    const bytes = await downloadToFile(url, path, {
      network: download.network,
      signal: download.signal,
      onProgress: ({ bytes: received, total }) => {
        latest = { key: download.key, received, total }
        progress.request()
      }
    })
    progress.flush()
    return { path, bytes }
  } catch (error) {
    if (error instanceof AppError || error instanceof ServiceError) throw error
    if (error instanceof DownloadError) throw new AppError('service', error.message)
    if (download.signal.aborted) throw new AppError('cancelled', sentence('coreLibrary.download.stopped'))
    const reason = error instanceof Error ? error.message : String(error)
    throw new AppError('network', sentence('coreLibrary.download.cutOff', { reason }))
  } finally {
    progress.cancel()
  }
}
