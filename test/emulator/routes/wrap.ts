import type { ServerEnv } from '../http/route-context'
import { mergePdfs } from '../pdf'
import type { StoredItem } from '../state/types'

/**
 * Points an item at a new main PDF. When a front/back wrap is attached the merged PDF is
 * rebuilt (§4.5 "re-merges automatically"), so get-pdf serves the merged version and Pages
 * counts its pages. Files above the pdf-lib limit are not merged (memory), and then the
 * unmerged file is served.
 */
export async function setMainPdf(env: ServerEnv, item: StoredItem, fileId: string, pages: number): Promise<void> {
  item.fileId = fileId
  item.pages = pages
  item.mergedFileId = ''
  const hasWrap = item.frontFileId !== '' || item.backFileId !== ''
  const size = (await env.files.sizeOf(fileId)) ?? 0
  if (hasWrap && size <= env.options.pdfLibMaxMb * 1024 * 1024) {
    const parts = [item.frontFileId, fileId, item.backFileId].filter((id) => id !== '').map((id) => env.files.pathOf(id))
    const temp = env.files.tempPath()
    item.pages = await mergePdfs(parts, temp)
    item.mergedFileId = await env.files.adopt(temp)
  }
  env.state.changed()
}
