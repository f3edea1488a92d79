import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { corpusFiles, opensWithPages } from '../../support/pdfjs-corpus'
import { uploadJson, useEmulator } from './harness'

/*
 * A-pdf-validity on real files: the emulator accepts what pdf.js opens with at least one page
 * (junk around the data, broken cross-references, encryption without a user password), and
 * refuses the rest with §7's "File is not a valid PDF.".
 */
describe('create-by-file on pdf.js’s test corpus (A-pdf-validity)', () => {
  const emu = useEmulator({ maxItems: 1000 })

  it('accepts exactly the files pdf.js opens with pages, counts pdf.js’s pages and stores the bytes sent', async () => {
    const wrong: string[] = []
    for (const file of corpusFiles()) {
      const bytes = await readFile(file.path)
      const { status, body } = await uploadJson(emu(), { fields: { Name: file.name }, file: { name: file.name, bytes } })
      expect(status, file.name).toBe(200)
      if (!opensWithPages(file)) {
        if (body['Message'] !== 'File is not a valid PDF.') wrong.push(`${file.name}: accepted, pdf.js cannot open it with pages`)
        continue
      }
      if (body['Result'] !== 'OK') {
        wrong.push(`${file.name}: refused (${String(body['Message'])}), pdf.js opens it`)
        continue
      }
      const item = emu().state.allItems().find((entry) => entry.id === Number(body['ID']))
      if (item?.pages !== file.pages) wrong.push(`${file.name}: ${String(item?.pages)} pages, pdf.js counts ${String(file.pages)}`)
      const stored = await readFile(join(emu().dataDir, 'files', `${item?.fileId ?? ''}.pdf`))
      if (!stored.equals(bytes)) wrong.push(`${file.name}: the stored bytes differ`)
    }
    expect(wrong).toEqual([])
  }, 60_000)
})
