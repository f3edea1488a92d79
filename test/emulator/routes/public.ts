import type { Exchange } from '../http/exchange'
import { HTML_TYPE } from '../http/envelope'
import type { ServerEnv } from '../http/route-context'
import type { ItemHost } from '../state/item-space'
import { coverPng } from './cover-png'
import { profilePictureSvg } from './profile-picture'

/** A valid 1×1 PNG, served for profile photos. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64'
)
/** A tiny MPEG audio stand-in for background music tracks. */
const MP3 = Buffer.from('ID3\u0003\u0000\u0000\u0000\u0000\u0000\u0000', 'latin1')

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${String(c.charCodeAt(0))};`)
}

function notFound(ex: Exchange): void {
  ex.send(404, { 'Content-Type': 'text/plain; charset=utf-8' }, Buffer.from('Not found\n'))
}

/**
 * Public, key-less paths: stored PDFs (`/__files/pdf/<id>.pdf`, the URLs get-pdf returns),
 * images and music of the reference lists and records, and the viewer pages of share URLs
 * (`/view/<slug>`, `/embed/<slug>`). These are storage and viewer, not the API, so they answer
 * plain 404s. With `separateHostIds` a host shows only its own items' viewers, and its covers
 * differ from the other host's, so a client that mixes the hosts up gets a visibly wrong picture.
 */
export async function servePublic(env: ServerEnv, ex: Exchange, path: string, host: ItemHost): Promise<void> {
  if (ex.req.method !== 'GET' && ex.req.method !== 'HEAD') {
    ex.send(405, { 'Content-Type': 'text/plain; charset=utf-8', Allow: 'GET, HEAD' }, Buffer.from('Method not allowed\n'))
    return
  }
  const pdf = /^\/__files\/pdf\/([\w-]+)\.pdf$/.exec(path)
  if (pdf?.[1] !== undefined) {
    const size = await env.files.sizeOf(pdf[1])
    if (size === undefined) return notFound(ex)
    ex.file({ 'Content-Type': 'application/pdf', 'Cache-Control': 'public, max-age=3600' }, env.files.pathOf(pdf[1]), size)
    return
  }
  if (/^\/__files\/(thumbs|skins)\/[\w./-]+\.png$/.test(path)) {
    ex.send(200, { 'Content-Type': 'image/png', 'Cache-Control': 'public, max-age=3600' }, coverPng(path, env.state.separateHostIds ? host : ''))
    return
  }
  const picture = /^\/__files\/images\/profile\/(\d+)\.svg$/.exec(path)
  if (picture?.[1] !== undefined) {
    const account = [...env.state.accounts.values()].find((candidate) => candidate.userId === picture[1])
    if (!account) return notFound(ex)
    ex.send(200, { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'public, max-age=3600' }, profilePictureSvg(account))
    return
  }
  if (/^\/__files\/images\/[\w./-]+\.png$/.test(path)) {
    ex.send(200, { 'Content-Type': 'image/png' }, PNG)
    return
  }
  if (/^\/__files\/music\/[\w-]+\.mp3$/.test(path)) {
    ex.send(200, { 'Content-Type': 'audio/mpeg' }, MP3)
    return
  }
  const viewer = /^\/(view|embed)\/([^/]+)\/?$/.exec(path)
  if (viewer?.[2] !== undefined) {
    let slug = viewer[2].toLowerCase()
    try {
      slug = decodeURIComponent(slug)
    } catch {
      // A malformed escape is looked up as written.
    }
    const item = env.state.itemBySlug(host, slug)
    if (!item) return notFound(ex)
    const title = escapeHtml(item.title || item.name)
    const page = `<!DOCTYPE html>\n<html><head><title>${title}</title></head><body><h1>${title}</h1><p>${item.docType} viewer, ${String(item.pages)} page(s).</p></body></html>\n`
    ex.send(200, { 'Content-Type': HTML_TYPE }, Buffer.from(page))
    return
  }
  notFound(ex)
}
