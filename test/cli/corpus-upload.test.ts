import { createHash } from 'node:crypto'
import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from '../emulator'
import { runCliInProcess as runCli } from './in-process-cli'
import { corpusFiles, opensWithPages } from '../support/pdfjs-corpus'
import { jsonOf } from './cli-test-kit'

/*
 * The whole of pdf.js's test corpus (53 real PDFs, 5 non-PDFs, one PDF without pages)
 * published by one run of the command against the emulator, and compared with pdf.js's own
 * opinion of each file (expected.tsv).
 */

const KEY = 'fd-cli-corpus-key'
let emulator: RunningEmulator

beforeAll(async () => {
  emulator = await startEmulator({ keys: [KEY], maxItems: 1000, log: () => {} })
})
afterAll(() => emulator.close())

interface Record {
  source: string
  state: string
  itemId: number | null
  url: string | null
  message: string | null
}

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex')

describe('flipdrop upload on pdf.js’s test corpus', () => {
  it('publishes every file pdf.js opens once, and refuses only files pdf.js cannot open either, each in words', async () => {
    const files = corpusFiles()
    const env = {
      FLIPDROP_API_KEY: KEY,
      FLIPDROP_BASE_URL: emulator.baseUrl,
      FLIPDROP_DOCUMENT_URL: emulator.documentUrl,
      FLIPDROP_DATA_DIR: await mkdtemp(join(tmpdir(), 'flipdrop-cli-corpus-'))
    }
    const run = await runCli(['upload', ...files.map((file) => file.path), '--wait', '--json'], env, { timeoutMs: 200_000 })
    expect(run.stderr).toBe('')
    expect(run.stdout).not.toContain(KEY)
    const { jobs } = jsonOf<{ jobs: Record[] }>(run)
    expect(run.code).toBe(1)

    // What the service stored, by the SHA-256 of the stored bytes.
    const stored = new Map<string, number>()
    for (const item of emulator.state.allItems()) {
      const digest = sha256(await readFile(join(emulator.dataDir, 'files', `${item.fileId}.pdf`)))
      stored.set(digest, (stored.get(digest) ?? 0) + 1)
    }

    const wrong: string[] = []
    for (const file of files) {
      const records = jobs.filter((job) => job.source === file.name)
      const record = records[0]
      if (records.length !== 1 || !record) {
        wrong.push(`${file.name}: ${records.length.toString()} records`)
        continue
      }
      const published = stored.get(sha256(await readFile(file.path))) ?? 0
      if (record.state === 'done') {
        if (published !== 1) wrong.push(`${file.name}: done, stored ${published.toString()} times`)
        if (!opensWithPages(file)) wrong.push(`${file.name}: published, but pdf.js cannot open it with pages`)
        continue
      }
      if (file.expect === 'publish') wrong.push(`${file.name}: ${record.state} (${record.message ?? ''}), pdf.js opens it and renders page 1`)
      if (opensWithPages(file) && file.expect !== 'either') wrong.push(`${file.name}: refused, pdf.js opens it`)
      if (published !== 0) wrong.push(`${file.name}: refused, yet stored`)
      // A refusal a person understands: the file by name, the reason, nothing from inside.
      if (record.state !== 'failed' || !record.message?.startsWith(file.name)) wrong.push(`${file.name}: ${JSON.stringify(record)}`)
      if (/\bat .+:\d+|Error|Exception|undefined/.test(record.message ?? '')) wrong.push(`${file.name}: ${record.message ?? ''}`)
    }
    expect(wrong).toEqual([])
    expect(jobs).toHaveLength(files.length)
    // What readers open is published, "either" files included: nothing more is refused than must be.
    const done = jobs.filter((job) => job.state === 'done').length
    expect(emulator.state.allItems()).toHaveLength(done)
    expect(done).toBe(files.filter(opensWithPages).length)
  }, 240_000)
})
