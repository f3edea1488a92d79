import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import busboy from 'busboy'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMultipartUpload } from '../../../../src-main/core/api/multipart-upload'
import { nameFromFile } from '../../../../src-main/core/queue/preflight'
import { enqueueUrlSchema, renameJobSchema } from '../../../../src-shared/domain/queue'

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'flipdrop-multipart-names-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** What a standard multipart parser (busboy, as the emulator uses) reads from the body the client builds. */
async function parse(fileName: string, fields: Record<string, string>): Promise<{ filename: string; fields: Record<string, string> }> {
  const path = join(dir, fileName)
  await writeFile(path, '%PDF-1.4\n%%EOF\n')
  const upload = await createMultipartUpload(path, fields, { stallMs: 10_000 })
  const chunks: Buffer[] = []
  for await (const chunk of upload.body) chunks.push(Buffer.from(chunk))
  upload.dispose()
  const body = Buffer.concat(chunks)
  expect(body.length).toBe(upload.length)
  return new Promise((resolve, reject) => {
    const seen: Record<string, string> = {}
    let filename = ''
    const bb = busboy({ headers: { 'content-type': upload.contentType } })
    bb.on('field', (name, value) => (seen[name] = value))
    bb.on('file', (_name, stream, info) => {
      filename = info.filename ?? ''
      stream.resume()
    })
    bb.on('error', reject)
    bb.on('close', () => resolve({ filename, fields: seen }))
    Readable.from([body]).pipe(bb)
  })
}

describe('a multipart body for any file name', () => {
  it('escapes quotes and control characters in the file name as browsers do, and parses', async () => {
    const parsed = await parse('say "hi"\t\u001b[31m\rx.pdf', { Name: 'say "hi" x', Title: 'two\r\nlines' })
    expect(parsed.filename).toBe('say %22hi%22%09%1B[31m%0Dx.pdf')
    expect(parsed.fields).toEqual({ Name: 'say "hi" x', Title: 'two\r\nlines' })
  })
})

describe('the name and title the service gets', () => {
  it('turn tabs and line breaks into one space and drop other control characters', () => {
    expect(nameFromFile('tab\there.pdf')).toBe('tab here')
    expect(nameFromFile('two\r\nlines\u2028.PDF')).toBe('two lines')
    expect(nameFromFile('esc\u001b[31mred\u007f\u0085.pdf')).toBe('esc[31mred')
    expect(nameFromFile('Résumé – Dana.pdf')).toBe('Résumé – Dana')
  })

  it('are cleaned the same way when typed or given with --name and --title', () => {
    const parsed = enqueueUrlSchema.parse({ url: 'https://x.example/a.pdf', name: ' Spring\tCatalogue\n', title: 'A\u001bB' })
    expect(parsed).toMatchObject({ name: 'Spring Catalogue', title: 'AB' })
    expect(renameJobSchema.safeParse({ jobId: '6f1c9a52-64c7-4b7e-9b1a-0d1c2b3a4f5e', name: '\t\n' }).success).toBe(false)
  })
})
