import { request } from 'undici'
import { afterAll, beforeAll } from 'vitest'
import { call, jsonOf, type Answer, type CallOptions, type ContractTarget } from '../contract/target'
import { startEmulator, type RunningEmulator } from '../emulator'
import type { EmulatorOptionsInput } from '../options'

/** The key of the first account in tests. */
export const KEY = 'demo-key'
/** The key of a second account (for "not owned by the key"). */
export const OTHER_KEY = 'other-key'

/** Starts an emulator for a test file (127.0.0.1, free ports) and closes it afterwards. */
export function useEmulator(options: EmulatorOptionsInput = {}): () => RunningEmulator {
  let emu: RunningEmulator | undefined
  beforeAll(async () => {
    emu = await startEmulator({ keys: [KEY, OTHER_KEY], ...options, log: () => undefined })
  })
  afterAll(async () => {
    await emu?.close()
  })
  return () => {
    if (!emu) throw new Error('emulator not started')
    return emu
  }
}

/** The contract target of a running emulator. */
export function targetOf(emu: RunningEmulator, key = KEY): ContractTarget {
  return { name: 'emulator', baseUrl: emu.baseUrl, documentUrl: emu.documentUrl, apiKey: key }
}

/** Sends one request to the emulator. */
export function api(emu: RunningEmulator, method: string, path: string, opts: CallOptions = {}): Promise<Answer> {
  return call(targetOf(emu), method, path, opts)
}

/** Sends a request and parses its JSON body. */
export async function apiJson(emu: RunningEmulator, method: string, path: string, opts: CallOptions = {}): Promise<Record<string, unknown>> {
  return jsonOf(await api(emu, method, path, opts))
}

/** A multipart/form-data body with text fields and at most one file part, built in memory. */
export function multipart(
  fields: Record<string, string>,
  file?: { field?: string; name: string; bytes: Buffer; type?: string }
): { body: Buffer; contentType: string } {
  const boundary = `----flipdrop${Math.random().toString(16).slice(2)}`
  const parts: Buffer[] = []
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`))
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'File'}"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type ?? 'application/pdf'}\r\n\r\n`
      ),
      file.bytes,
      Buffer.from('\r\n')
    )
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` }
}

/** Uploads a file with fields (create-by-file by default). */
export async function uploadJson(
  emu: RunningEmulator,
  input: {
    path?: string
    method?: string
    fields?: Record<string, string>
    file?: { field?: string; name: string; bytes: Buffer; type?: string }
    host?: 'base' | 'document'
    key?: string
  }
): Promise<{ status: number; body: Record<string, unknown>; headers: Record<string, string> }> {
  const { body, contentType } = multipart(input.fields ?? {}, input.file)
  const answer = await api(emu, input.method ?? 'POST', input.path ?? '/api/create-by-file', {
    host: input.host,
    key: input.key,
    headers: { 'content-type': contentType },
    body
  })
  return { status: answer.status, body: jsonOf(answer), headers: answer.headers }
}

/** Downloads a public URL fully. */
export async function download(url: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; bytes: Buffer }> {
  const res = await request(url)
  return { status: res.statusCode, headers: res.headers, bytes: Buffer.from(await res.body.arrayBuffer()) }
}

/** The items of an OK list-style answer. */
export function rows(body: Record<string, unknown>): Array<Record<string, unknown>> {
  const list = body['Items']
  if (!Array.isArray(list)) throw new Error(`no Items in ${JSON.stringify(body).slice(0, 200)}`)
  return list as Array<Record<string, unknown>>
}
