import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from '../emulator'
import { makePdf } from '../emulator/fixtures/make-pdf'
import { runCliInProcess as runCli } from './in-process-cli'
import { jsonOf } from './cli-test-kit'

const KEY = 'fd-cli-control-names-key-7a'
let emulator: RunningEmulator
let files: string

/** File names a designer's tools really produce: a tab, a line break, a terminal escape. */
const NAMES = ['tab\there.pdf', 'two\nlines.pdf', 'esc\u001b[31mred.pdf'] as const
/** The name the service gets for each: a tab or line break reads as a space, other controls are dropped. */
const SERVICE_NAMES = ['tab here', 'two lines', 'esc[31mred'] as const

beforeAll(async () => {
  emulator = await startEmulator({ keys: [KEY], log: () => {} })
  files = await mkdtemp(join(tmpdir(), 'flipdrop-cli-control-'))
})
afterAll(async () => {
  await emulator.close()
})

async function env(): Promise<Record<string, string>> {
  return {
    FLIPDROP_API_KEY: KEY,
    FLIPDROP_BASE_URL: emulator.baseUrl,
    FLIPDROP_DATA_DIR: await mkdtemp(join(tmpdir(), 'flipdrop-cli-data-'))
  }
}

async function pdfs(prefix: string): Promise<string[]> {
  const paths = NAMES.map((name) => join(files, `${prefix}-${name}`))
  await Promise.all(paths.map(async (path, index) => writeFile(path, await makePdf(1, `${prefix} ${index}`))))
  return paths
}

const itemsNamed = (name: string) => [...emulator.state.items.values()].filter((item) => item.owner === KEY && item.name === name)

describe('file names with control characters', { timeout: 90_000 }, () => {
  it('publish like any other, one line per job, the name kept readable for the service', async () => {
    const paths = await pdfs('plain')
    const run = await runCli(['upload', ...paths, '--wait'], await env())
    expect(run.stderr).toBe('')
    expect(run.code, run.stdout).toBe(0)
    // Nothing a terminal would act on, and no job split over two lines.
    // eslint-disable-next-line no-control-regex -- looking for raw control characters is the point
    expect(run.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f]/)
    const done = run.stdout.split('\n').filter((line) => line.startsWith('done '))
    expect(done).toHaveLength(3)
    expect(done).toContainEqual(expect.stringMatching(/^done\s+[0-9a-f]{8}\s+plain-tab\^Ihere\.pdf\s+http\S+$/))
    expect(done).toContainEqual(expect.stringMatching(/^done\s+[0-9a-f]{8}\s+plain-two\^Jlines\.pdf\s+http\S+$/))
    expect(done).toContainEqual(expect.stringMatching(/^done\s+[0-9a-f]{8}\s+plain-esc\^\[\[31mred\.pdf\s+http\S+$/))
    for (const name of SERVICE_NAMES) {
      const [item] = itemsNamed(`plain-${name}`)
      expect(item, `an item named plain-${name}`).toMatchObject({ name: `plain-${name}`, title: `plain-${name}` })
    }
  })

  it('a file already published is named on one line when its name holds a line break', async () => {
    const [, twoLines] = await pdfs('again')
    const vars = await env()
    expect((await runCli(['upload', twoLines ?? '', '--wait'], vars)).code).toBe(0)
    const again = await runCli(['upload', twoLines ?? '', '--wait'], vars)
    const said = `${again.stdout}${again.stderr}`
    expect(said).toContain('again-two^Jlines.pdf: the same content is already published as “again-two lines”')
    expect(said).not.toContain('again-two\nlines')
  })

  it('--json stays one document on one line and gives each file its real name', async () => {
    const paths = await pdfs('json')
    const run = await runCli(['upload', ...paths, '--wait', '--json'], await env())
    expect(run.code, run.stderr).toBe(0)
    const document = jsonOf<{ jobs: { state: string; source: string; path: string }[] }>(run)
    expect(document.jobs.map((job) => job.state)).toEqual(['done', 'done', 'done'])
    expect(document.jobs.map((job) => job.source).sort()).toEqual(NAMES.map((name) => `json-${name}`).sort())
    expect(document.jobs.map((job) => job.path).sort()).toEqual([...paths].sort())
    for (const name of SERVICE_NAMES) expect(itemsNamed(`json-${name}`)).toHaveLength(1)
  })
})
