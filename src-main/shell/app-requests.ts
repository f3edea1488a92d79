import { EMBED_PREVIEW_PATH } from '../../src-shared/share/embed-preview-path'
import type { PreviewAnswer } from '../core/share/embed-preview-page'
import { APP_HOST, APP_SCHEME, serveRendererFile } from './renderer-files'

/** Answers the embed preview's address, from the core (which may still be starting). */
export type EmbedPreviewSource = (query: URLSearchParams) => Promise<PreviewAnswer>

/**
 * One `app://flipdrop/…` request: the Share sheet's embed preview document from the core, every
 * other path from the built renderer folder (serveRendererFile). Electron-free, tested in Node.
 */
export async function answerAppRequest(requestUrl: string, rendererDir: string, method: string, embedPreview: EmbedPreviewSource): Promise<Response> {
  let url: URL | null = null
  try {
    url = new URL(requestUrl)
  } catch {
    // serveRendererFile refuses it.
  }
  if (url?.protocol === `${APP_SCHEME}:` && url.host === APP_HOST && url.pathname === `/${EMBED_PREVIEW_PATH}` && method === 'GET') {
    const answer = await embedPreview(url.searchParams)
    return new Response(answer.body, { status: answer.status, headers: { ...answer.headers, 'x-content-type-options': 'nosniff' } })
  }
  return serveRendererFile(requestUrl, rendererDir, method)
}
