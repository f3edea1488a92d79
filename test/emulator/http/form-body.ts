import type { IncomingMessage } from 'node:http'
import busboy from 'busboy'
import { unknownFieldsMessage } from './envelope'
import { isMultipart, mediaType } from './content-type'

/** Parsed form fields, or the ERROR message to answer with. */
export type FormResult = { ok: true; fields: Map<string, string> } | { ok: false; message: string }

/**
 * Reads a "form body" (§4): application/x-www-form-urlencoded or multipart/form-data with text
 * fields. Any field not in `expected` (file parts included) gives the "Unknown field(s)" error
 * (§7). JSON and other types are refused: the contract only shows form bodies.
 */
export async function readForm(req: IncomingMessage, expected: readonly string[], maxBytes: number): Promise<FormResult> {
  const type = mediaType(req)
  let parsed: { fields: Map<string, string>; names: string[] } | { error: string }
  if (type === 'application/x-www-form-urlencoded') parsed = await readUrlEncoded(req, maxBytes)
  else if (isMultipart(req)) parsed = await readMultipartFields(req, maxBytes)
  else {
    const body = await readLimited(req, maxBytes)
    if (body === undefined) return { ok: false, message: 'Request body is too large.' }
    if (body.length === 0) parsed = { fields: new Map(), names: [] }
    else
      return {
        ok: false,
        message: `Unsupported Content-Type '${type || 'none'}'. Send application/x-www-form-urlencoded or multipart/form-data.`
      }
  }
  if ('error' in parsed) return { ok: false, message: parsed.error }
  const unknown = [...new Set(parsed.names.filter((n) => !expected.includes(n)))]
  if (unknown.length > 0) return { ok: false, message: unknownFieldsMessage(unknown, expected) }
  return { ok: true, fields: parsed.fields }
}

/** Reads a whole small body, or undefined when it is longer than maxBytes. */
async function readLimited(req: IncomingMessage, maxBytes: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = []
  let total = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    total += chunk.length
    if (total > maxBytes) return undefined
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}

async function readUrlEncoded(
  req: IncomingMessage,
  maxBytes: number
): Promise<{ fields: Map<string, string>; names: string[] } | { error: string }> {
  const body = await readLimited(req, maxBytes)
  if (body === undefined) return { error: 'Request body is too large.' }
  const params = new URLSearchParams(body.toString('utf8'))
  const fields = new Map<string, string>()
  const names: string[] = []
  for (const [name, value] of params) {
    names.push(name)
    fields.set(name, value)
  }
  return { fields, names }
}

/** Text fields of a multipart body; file parts are drained and reported by name only. */
function readMultipartFields(
  req: IncomingMessage,
  maxBytes: number
): Promise<{ fields: Map<string, string>; names: string[] } | { error: string }> {
  return new Promise((resolve) => {
    const fields = new Map<string, string>()
    const names: string[] = []
    let settled = false
    const finish = (v: { fields: Map<string, string>; names: string[] } | { error: string }): void => {
      if (settled) return
      settled = true
      req.unpipe()
      resolve(v)
    }
    let bb: busboy.Busboy
    try {
      bb = busboy({ headers: req.headers, limits: { fieldSize: maxBytes, fields: 50, files: 5, parts: 60 } })
    } catch (err) {
      finish({ error: `Malformed multipart body: ${(err as Error).message}` })
      req.resume()
      return
    }
    bb.on('field', (name, value, info) => {
      if (info.valueTruncated) finish({ error: 'Request body is too large.' })
      names.push(name)
      fields.set(name, value)
    })
    bb.on('file', (name, stream) => {
      names.push(name)
      // Drained, not kept; busboy destroys it with an error on a truncated body.
      stream.on('error', () => undefined)
      stream.resume()
    })
    for (const limit of ['partsLimit', 'filesLimit', 'fieldsLimit'] as const) {
      bb.on(limit, () => finish({ error: 'Request has too many parts.' }))
    }
    bb.on('error', (err: Error) => finish({ error: `Malformed multipart body: ${err.message}` }))
    bb.on('close', () => finish({ fields, names }))
    req.on('aborted', () => finish({ error: 'Request aborted.' }))
    req.pipe(bb)
  })
}
