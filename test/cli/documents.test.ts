import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from '../emulator'
import { countPages, makePdf } from '../emulator/fixtures/make-pdf'
import { runCliInProcess as runCli } from './in-process-cli'

/*
 * Documents through the command, against an emulator where each host has its own IDs:
 * Flipbook 1001 and Document 1001 are two items, and `--document` names the document host.
 */

const KEY = 'fd-cli-documents-key'
let emulator: RunningEmulator
let files: string

beforeAll(async () => {
  emulator = await startEmulator({ keys: [KEY], separateHostIds: true, log: () => {} })
  files = await mkdtemp(join(tmpdir(), 'flipdrop-cli-documents-'))
})
afterAll(() => emulator.close())

async function env(): Promise<Record<string, string>> {
  return {
    FLIPDROP_API_KEY: KEY,
    FLIPDROP_BASE_URL: emulator.baseUrl,
    FLIPDROP_DOCUMENT_URL: emulator.documentUrl,
    FLIPDROP_DATA_DIR: await mkdtemp(join(tmpdir(), 'flipdrop-cli-documents-data-'))
  }
}

async function pdf(name: string, pages: number): Promise<string> {
  const path = join(files, name)
  await writeFile(path, await makePdf(pages, name))
  return path
}

describe('Documents with --document (separate IDs per host)', () => {
  it('upload, get, replace and pdf reach the Document, never the flipbook with the same ID', async () => {
    const vars = await env()
    const flipbook = JSON.parse((await runCli(['upload', await pdf('poster.pdf', 1), '--wait', '--json'], vars)).stdout) as { jobs: { itemId: number }[] }
    const document = JSON.parse((await runCli(['upload', await pdf('manual.pdf', 2), '--document', '--wait', '--json'], vars)).stdout) as {
      jobs: { itemId: number }[]
    }
    const flipbookId = flipbook.jobs[0]?.itemId ?? -1
    const documentId = document.jobs[0]?.itemId ?? -1
    expect(documentId).toBe(flipbookId)
    expect(emulator.state.itemOn('document', documentId)?.name).toBe('manual')

    const got = await runCli(['get', String(documentId), '--id', '--document', '--json'], vars)
    expect(got.code).toBe(0)
    expect(got.stdout).toContain('manual')
    expect(got.stdout).not.toContain('poster')

    const replaced = await runCli(['replace', String(documentId), await pdf('manual v2.pdf', 5), '--id', '--document', '--wait', '--json'], vars)
    expect(replaced.code).toBe(0)
    expect(emulator.state.itemOn('document', documentId)?.pages).toBe(5)
    expect(emulator.state.itemOn('base', flipbookId)?.pages).toBe(1)

    const out = join(files, 'downloaded manual.pdf')
    const downloaded = await runCli(['pdf', String(documentId), '--id', '--document', '-o', out], vars)
    expect(downloaded.code).toBe(0)
    expect(await countPages(await readFile(out))).toBe(5)
  })
})
