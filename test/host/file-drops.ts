import { randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, rm, stat } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { FILE_NAME_HEADER, TOKEN_HEADER } from './wire'

/** The largest file the page may copy to the host unless the host is told otherwise: 1 GiB. */
export const DEFAULT_MAX_FILE_BYTES = 1024 ** 3

export interface FileDropsOptions {
  /** Where copies go, one random folder per file (`<userDataDir>/browser-drops`). */
  folder: string
  /** The host's random token, the same one the bridge socket asks for. */
  token: string
  /** The host's own origin: only its page may send files. */
  origin: string
  maxBytes: number
}

/** The answer of the route: `{ path }` on success, `{ error }` otherwise. */
export type FileDropAnswer = { path: string } | { error: string }

/** Characters no file name may hold: separators (traversal), NUL and other control characters. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what it looks for.
const UNSAFE_NAME = /[/\\\u0000-\u001f\u007f]/
/** Most file systems allow 255 bytes of name. */
const MAX_NAME_BYTES = 255

/**
 * The file name a request carries, decoded, or null when it is not one plain file name.
 * Refused, not cleaned up: a browser never sends a separator in a file's name, so one that
 * does is not a file the user dropped. Any other character, non-ASCII included, is kept.
 */
export function fileNameOf(header: string | string[] | undefined): string | null {
  if (typeof header !== 'string') return null
  let name: string
  try {
    name = decodeURIComponent(header)
  } catch {
    return null
  }
  if (name === '' || name === '.' || name === '..' || UNSAFE_NAME.test(name)) return null
  return Buffer.byteLength(name) <= MAX_NAME_BYTES ? name : null
}

function answer(response: ServerResponse, status: number, body: FileDropAnswer): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
  response.end(JSON.stringify(body))
}

/** The declared body length, or null without a plain Content-Length (chunked bodies are refused). */
function declaredLength(request: IncomingMessage): number | null {
  const header = request.headers['content-length']
  if (request.headers['transfer-encoding'] !== undefined || header === undefined || !/^\d+$/.test(header)) return null
  return Number(header)
}

/**
 * The test host's file route: streams one browser file to disk and answers with its path,
 * so the page can queue a file the browser gives no path. Test and demo only (test/host is
 * never packaged): the app's preload takes paths from Electron and never sends bytes.
 */
export function createFileDrops(options: FileDropsOptions): (request: IncomingMessage, response: ServerResponse) => Promise<void> {
  return async (request, response) => {
    if (request.method !== 'POST') {
      response.setHeader('allow', 'POST')
      answer(response, 405, { error: 'Send a file with POST.' })
      return
    }
    // As on the bridge socket: our page, and only our page. The custom header also means
    // another origin's page would need a CORS preflight, which this route never grants.
    if (request.headers.origin !== options.origin || request.headers[TOKEN_HEADER] !== options.token) {
      answer(response, 403, { error: 'Not allowed.' })
      return
    }
    const name = fileNameOf(request.headers[FILE_NAME_HEADER])
    if (name === null) {
      answer(response, 400, { error: 'That is not the name of a file.' })
      return
    }
    const length = declaredLength(request)
    if (length === null) {
      answer(response, 411, { error: 'The file size is missing.' })
      return
    }
    if (length > options.maxBytes) {
      // Refused before a byte is read; closing the connection stops the rest of the body.
      response.setHeader('connection', 'close')
      answer(response, 413, { error: `The file is over ${options.maxBytes} bytes.` })
      return
    }
    const folder = join(options.folder, randomBytes(12).toString('hex'))
    const path = join(folder, name)
    try {
      await mkdir(folder, { recursive: true })
      // Streamed: the body goes to disk as it arrives, a chunk at a time, never held whole.
      await pipeline(request, createWriteStream(path, { flags: 'wx' }))
      // Node's parser stops at Content-Length, so fewer bytes means the sender gave up.
      if ((await stat(path)).size !== length) throw new Error('incomplete')
    } catch {
      await rm(folder, { recursive: true, force: true })
      if (!response.headersSent && !response.destroyed) answer(response, 400, { error: 'The file did not arrive whole.' })
      return
    }
    answer(response, 200, { path })
  }
}
