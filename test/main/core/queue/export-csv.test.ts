import { mkdtemp, readdir, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { csvCell } from '../../../../src-main/core/queue/export-csv'
import { startEmulator, type RunningEmulator } from '../../../emulator'
import { QUEUE_KEY, startQueueCore, waitForQueue, writePdf, type QueueCore } from '../../../support/queue-fixture'

/*
 * "Export CSV" at the end of a batch: one row per published job (name, title, kind, link,
 * pages, file), saved where the user picks through main's save dialog; nothing written when
 * the dialog is cancelled.
 */

let emulator: RunningEmulator
let files: string
let started: QueueCore
const savePaths: (string | null)[] = []

beforeAll(async () => {
  emulator = await startEmulator({ keys: [QUEUE_KEY], log: () => {} })
  files = await mkdtemp(join(tmpdir(), 'flipdrop-csv-'))
  started = await startQueueCore(emulator, {
    settings: { baseUrl: emulator.baseUrl },
    core: { chooseSavePath: async () => savePaths.shift() ?? null }
  })
  await vi.waitFor(() => expect(started.core.connection.accountId).not.toBeNull())
})
afterAll(async () => {
  await started.core.close()
  await emulator.close()
})

describe('a CSV cell', () => {
  it('quotes commas, quotes and line breaks, and keeps a leading = + - @ from becoming a spreadsheet formula', () => {
    expect(csvCell('Spring catalogue')).toBe('Spring catalogue')
    expect(csvCell('Prices, 2026')).toBe('"Prices, 2026"')
    expect(csvCell('The "big" one')).toBe('"The ""big"" one"')
    expect(csvCell('two\nlines')).toBe('"two\nlines"')
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"')
    expect(csvCell('-5 % off')).toBe("'-5 % off")
    expect(csvCell(12)).toBe('12')
    expect(csvCell(null)).toBe('')
  })
})

describe('Export CSV', () => {
  it('saves one row per published job where the user picks, with the link and the pages; a cancelled dialog writes nothing', async () => {
    const { core } = started
    const paths = [await writePdf(files, 'Spring catalogue.pdf', 3), await writePdf(files, 'Menu, summer.pdf', 1)]
    const { added } = await core.uploads.enqueuePaths({ paths, docType: 'Flipbook', onSameContent: 'new' })
    const held = await core.uploads.enqueuePaths({ paths: [await writePdf(files, 'Draft.pdf')], docType: 'Flipbook', onSameContent: 'new', hold: true })
    const ids = [...added.map((job) => job.id), ...held.added.map((job) => job.id)]
    const view = await waitForQueue(core, (current) => added.every((job) => current.jobs.find((entry) => entry.id === job.id)?.state === 'done'))
    const url = (name: string): string => view.jobs.find((job) => job.name === name)?.result?.url ?? ''

    const target = join(files, 'links.csv')
    savePaths.push(target)
    expect(await core.uploads.exportCsv({ jobIds: ids })).toEqual({ fileName: 'links.csv', rows: 2 })
    const text = await readFile(target, 'utf8')
    expect(text.startsWith('\uFEFF')).toBe(true)
    expect(text.slice(1).split('\r\n')).toEqual([
      'Name,Title,Kind,Link,Pages,File',
      `Spring catalogue,Spring catalogue,Flipbook,${url('Spring catalogue')},3,Spring catalogue.pdf`,
      `"Menu, summer","Menu, summer",Flipbook,${url('Menu, summer')},1,"Menu, summer.pdf"`,
      ''
    ])

    const before = await readdir(files)
    savePaths.push(null)
    expect(await core.uploads.exportCsv({ jobIds: ids })).toEqual({ fileName: null, rows: 0 })
    expect(await readdir(files)).toEqual(before)
  }, 30_000)
})
