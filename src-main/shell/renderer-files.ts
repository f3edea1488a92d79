import { readFile, stat } from 'node:fs/promises'
import { extname, isAbsolute, relative, resolve } from 'node:path'
import { RENDERER_CSP } from './content-security-policy'

/** The renderer's origin: a privileged standard scheme, never file:// (Electron security checklist item 18). */
export const APP_SCHEME = 'app'
export const APP_HOST = 'flipdrop'
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.bcmap': 'application/octet-stream',
  '.pfb': 'application/octet-stream'
}

function refuse(status: number): Response {
  return new Response(null, { status, headers: { 'content-type': 'text/plain' } })
}

/**
 * Answers one `app://flipdrop/…` request from the built renderer folder, and only from
 * it: the decoded path must stay inside `rendererDir` (encoded `..`, backslashes and NUL
 * are refused), only GET and HEAD are served, and every answer carries the CSP header.
 * Electron-free, so the path checks are tested in plain Node.
 */
export async function serveRendererFile(requestUrl: string, rendererDir: string, method = 'GET'): Promise<Response> {
  if (method !== 'GET' && method !== 'HEAD') return refuse(405)
  let url: URL
  let pathname: string
  try {
    url = new URL(requestUrl)
    pathname = decodeURIComponent(url.pathname)
  } catch {
    return refuse(400)
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return refuse(404)
  if (pathname.includes('\0') || pathname.includes('\\')) return refuse(403)
  const root = resolve(rendererDir)
  const file = resolve(root, `.${pathname === '/' ? '/index.html' : pathname}`)
  const inside = relative(root, file)
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return refuse(403)
  try {
    if (!(await stat(file)).isFile()) return refuse(404)
    const body = method === 'HEAD' ? null : await readFile(file)
    return new Response(body, {
      status: 200,
      headers: {
        'content-type': MIME[extname(file).toLowerCase()] ?? 'application/octet-stream',
        'content-security-policy': RENDERER_CSP,
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-cache'
      }
    })
  } catch {
    return refuse(404)
  }
}
