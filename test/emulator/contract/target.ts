import { request } from 'undici'

/** A service to check: the emulator or the real service. */
export interface ContractTarget {
  /** Label for reports, e.g. 'emulator' or 'live'. */
  name: string
  /** {base_url}: the default host (Flipbooks). */
  baseUrl: string
  /** {document_host} origin, when known. */
  documentUrl?: string
  apiKey: string
}

/** One HTTP answer, fully read. */
export interface Answer {
  status: number
  headers: Record<string, string>
  text: string
}

/** How to send one request. */
export interface CallOptions {
  /** Which host (default: base). */
  host?: 'base' | 'document'
  /** Key to send; null sends none; default the target's key. */
  key?: string | null
  /** Send the key as `Authorization: Bearer` instead of `X-Api-Key`. */
  bearer?: boolean
  /** Send a urlencoded form body. */
  form?: Record<string, string>
  /** Extra headers. */
  headers?: Record<string, string>
  /** Raw body (with headers.content-type). */
  body?: string | Buffer
}

function flatHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(raw)) if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v
  return out
}

/** Sends a request to a target over real HTTP (undici) and reads the whole answer. */
export async function call(target: ContractTarget, method: string, path: string, opts: CallOptions = {}): Promise<Answer> {
  const origin = opts.host === 'document' ? target.documentUrl : target.baseUrl
  if (origin === undefined) throw new Error(`${target.name} has no document host`)
  const headers: Record<string, string> = { ...opts.headers }
  const key = opts.key === undefined ? target.apiKey : opts.key
  if (key !== null) {
    if (opts.bearer === true) headers['authorization'] = `Bearer ${key}`
    else headers['x-api-key'] = key
  }
  let body: string | Buffer | undefined = opts.body
  if (opts.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded'
    body = new URLSearchParams(opts.form).toString()
  }
  const res = await request(`${origin}${path}`, { method: method as 'GET', headers, body })
  return { status: res.statusCode, headers: flatHeaders(res.headers), text: await res.body.text() }
}

/** Parses a JSON answer, failing with the body in the message when it is not JSON. */
export function jsonOf(answer: Answer): Record<string, unknown> {
  try {
    const value = JSON.parse(answer.text) as unknown
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('not an object')
    return value as Record<string, unknown>
  } catch {
    throw new Error(`Expected a JSON object, got HTTP ${String(answer.status)}: ${answer.text.slice(0, 200)}`)
  }
}

/** Reads only the first bytes of a public URL (no key), then stops. */
export async function firstBytes(url: string, count: number): Promise<{ status: number; contentType: string; bytes: Buffer }> {
  const res = await request(url, { method: 'GET' })
  const chunks: Buffer[] = []
  let total = 0
  for await (const chunk of res.body as AsyncIterable<Buffer>) {
    chunks.push(chunk)
    total += chunk.length
    if (total >= count) break
  }
  res.body.destroy()
  const ct = res.headers['content-type']
  return { status: res.statusCode, contentType: Array.isArray(ct) ? (ct[0] ?? '') : (ct ?? ''), bytes: Buffer.concat(chunks).subarray(0, count) }
}
