import { mkdir, mkdtemp, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from '../emulator'
import { makePdf, writeLargePdf } from '../emulator/fixtures/make-pdf'
import { runCliInProcess as runCli } from './in-process-cli'
import { startPdfSource } from '../support/pdf-source'

const KEY = 'fd-cli-upload-key-1'
let emulator: RunningEmulator
let source: Awaited<ReturnType<typeof startPdfSource>>
let files: string
/** What the link source serves; a test adds a route later to turn a 404 into a PDF. */
const routes: Record<string, Buffer> = {}

beforeAll(async () => {
  emulator = await startEmulator({ keys: [KEY], maxFileMb: 1, allowSourceHosts: ['127.0.0.1'], log: () => {} })
  routes['/from-link.pdf'] = await makePdf(3, 'from a link')
  source = await startPdfSource(routes)
  files = await mkdtemp(join(tmpdir(), 'flipdrop-cli-files-'))
})
afterAll(async () => {
  await source.close()
  await emulator.close()
})

/** A fresh data folder per run of a scenario, signed in with the environment key. */
async function env(extra: Record<string, string> = {}): Promise<Record<string, string>> {
  return {
    FLIPDROP_API_KEY: KEY,
    FLIPDROP_BASE_URL: emulator.baseUrl,
    FLIPDROP_DOCUMENT_URL: emulator.documentUrl,
    FLIPDROP_DATA_DIR: await mkdtemp(join(tmpdir(), 'flipdrop-cli-data-')),
    ...extra
  }
}

async function pdf(name: string, pages = 1): Promise<string> {
  const path = join(files, name)
  await writeFile(path, await makePdf(pages, name))
  return path
}

const itemsNamed = (name: string) => [...emulator.state.items.values()].filter((item) => item.name === name)

describe('flipdrop upload', () => {
  it('--wait publishes files and a link, one line per state change with the job ID, and exits 0', async () => {
    const run = await runCli(['upload', await pdf('cli-one.pdf', 2), source.url('/from-link.pdf'), '--wait'], await env())
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    const lines = run.stdout.split('\n')
    expect(lines).toContainEqual(expect.stringMatching(/^uploading\s+[0-9a-f]{8}\s+cli-one\.pdf$/))
    expect(lines).toContainEqual(expect.stringMatching(/^done\s+[0-9a-f]{8}\s+cli-one\.pdf\s+http:\/\/127\.0\.0\.1:\d+\/view\/\S+$/))
    expect(lines).toContainEqual(expect.stringMatching(/^done\s+[0-9a-f]{8}\s+http:\/\/127\.0\.0\.1:\d+\/from-link\.pdf\s+http/))
    expect(run.stdout).toContain('2 done')
    expect(itemsNamed('cli-one')).toHaveLength(1)
    expect(itemsNamed('from-link')).toHaveLength(1)
    expect(run.stdout).not.toContain(KEY)
  })

  it('--json prints one document {"jobs":[{id,state,source,path,code,itemId,url,message}]} and nothing else', async () => {
    const path = await pdf('cli-json.pdf')
    const run = await runCli(['upload', path, '--document', '--name', 'Catalogue', '--title', 'Spring', '--wait', '--json'], await env())
    expect(run.code).toBe(0)
    const document = JSON.parse(run.stdout) as { jobs: { source: string; state: string; itemId: number; url: string; message: string }[] }
    expect(document).toEqual({
      jobs: [
        {
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          state: 'done',
          source: 'cli-json.pdf',
          path,
          code: null,
          itemId: expect.any(Number),
          url: expect.stringMatching(/^http/),
          message: expect.stringMatching(/^http/)
        }
      ]
    })
    expect(emulator.state.items.get(document.jobs[0]?.itemId ?? -1)).toMatchObject({ name: 'Catalogue', title: 'Spring', docType: 'Document' })
  })

  it('--queue queues the jobs and says where they went; queue --wait then finishes them', async () => {
    const vars = await env()
    const queued = await runCli(['upload', await pdf('cli-later.pdf'), '--queue'], vars)
    expect(queued.code).toBe(0)
    expect(queued.stdout).toMatch(/^queued\s+[0-9a-f]{8}\s+cli-later\.pdf$/m)
    expect(queued.stdout).toContain('they wait in the queue')
    expect(itemsNamed('cli-later')).toHaveLength(0)
    const finished = await runCli(['queue', '--wait', '--json'], vars)
    expect(finished.code).toBe(0)
    expect(JSON.parse(finished.stdout)).toMatchObject({ jobs: [{ source: 'cli-later.pdf', state: 'done' }] })
    expect(itemsNamed('cli-later')).toHaveLength(1)
    const shown = await runCli(['queue'], vars)
    expect(shown.stdout).toMatch(/^done\s+[0-9a-f]{8}\s+cli-later\.pdf\s+http/m)
    const cleared = await runCli(['queue', '--clear-finished', '--json'], vars)
    expect(JSON.parse(cleared.stdout)).toMatchObject({ jobs: [{ state: 'removed', source: 'cli-later.pdf', code: 'cleared' }] })
    expect(JSON.parse((await runCli(['queue', '--json'], vars)).stdout)).toEqual({ jobs: [] })
  })

  it('a job the service refused fails with its message (exit 1); queue --retry-failed --wait publishes it once', async () => {
    const vars = await env()
    // The link answers 404 at first: the service refuses the create, a final failure.
    const failed = await runCli(['upload', source.url('/later.pdf'), '--wait'], vars)
    expect(failed.code).toBe(1)
    expect(failed.stdout).toMatch(/^failed\s+[0-9a-f]{8}\s+http:\S+\/later\.pdf\s+\S/m)
    expect(itemsNamed('later')).toHaveLength(0)
    routes['/later.pdf'] = await makePdf(2, 'later')
    const retried = await runCli(['queue', '--retry-failed', '--wait', '--json'], vars)
    expect(retried.code).toBe(0)
    expect(JSON.parse(retried.stdout)).toMatchObject({ jobs: [{ source: source.url('/later.pdf'), state: 'done' }] })
    expect(itemsNamed('later')).toHaveLength(1)
  })

  it('--wait outlives a retry that is due later (5xx, then published)', async () => {
    emulator.faults.add({ route: '/api/create-by-file', kind: 'status', status: 503, count: 1 })
    const run = await runCli(['upload', await pdf('cli-later-retry.pdf'), '--wait'], await env())
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/^waiting\s+[0-9a-f]{8}\s+cli-later-retry\.pdf\s+.*HTTP 503.*Trying again/m)
    expect(run.stdout).toMatch(/^done\s+[0-9a-f]{8}\s+cli-later-retry\.pdf\s+http/m)
    expect(itemsNamed('cli-later-retry')).toHaveLength(1)
  })

  it('the hostile corpus: each refusal its own message, exit 1 (a non-PDF inside a folder only skipped), nothing unintended uploaded', async () => {
    const corpus = join(files, 'corpus')
    await mkdir(join(corpus, 'mixed'), { recursive: true })
    await writeFile(join(corpus, 'text.pdf'), 'not a pdf')
    await writeFile(join(corpus, 'empty.pdf'), '')
    const whole = await makePdf(1, 'cut')
    await writeFile(join(corpus, 'cut.pdf'), whole.subarray(0, whole.length - 30))
    await writeLargePdf(join(corpus, 'big.pdf'), 2 * 1024 * 1024)
    await writeFile(join(corpus, 'mixed', 'good.pdf'), await makePdf(1, 'good'))
    await writeFile(join(corpus, 'mixed', 'notes.txt'), 'notes')
    await symlink(join(corpus, 'loop'), join(corpus, 'loop'))
    const before = emulator.state.requests.filter((entry) => entry.path.startsWith('/api/create-by-')).length
    const run = await runCli(
      [
        'upload',
        ...['text.pdf', 'empty.pdf', 'cut.pdf', 'big.pdf', 'mixed', 'loop', 'missing.pdf'].map((name) => join(corpus, name)),
        'https://10.0.0.8/a.pdf',
        'javascript:alert(1)',
        'https://user:pw@example.com/a.pdf',
        '--wait'
      ],
      await env()
    )
    expect(run.code).toBe(1)
    const failed = run.stdout.split('\n').filter((line) => line.startsWith('failed'))
    expect(failed).toEqual(
      expect.arrayContaining([
        expect.stringContaining('text.pdf is not a PDF: it is plain text; export it from the app that made it as PDF.'),
        expect.stringContaining('empty.pdf is empty (0 bytes).'),
        expect.stringContaining('cut.pdf is incomplete: its end is missing'),
        expect.stringContaining('big.pdf is 2 MB; your plan allows 1 MB.'),
        expect.stringContaining('loop is a link that leads back into itself.'),
        expect.stringContaining('missing.pdf could not be found'),
        expect.stringContaining('private network address'),
        expect.stringContaining('Links starting with javascript: cannot be published'),
        expect.stringContaining('Links that carry a user name or password cannot be published.')
      ])
    )
    expect(failed).toHaveLength(9)
    expect(run.stdout).toMatch(/^skipped\s+-\s+notes\.txt\s+notes\.txt is not a PDF\.$/m)
    expect(run.stdout).toMatch(/^done\s+[0-9a-f]{8}\s+good\.pdf\s+http/m)
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('1 done, 1 skipped, 9 failed')
    const after = emulator.state.requests.filter((entry) => entry.path.startsWith('/api/create-by-')).length
    expect(after - before).toBe(1)
  })

  it('asks nothing: content published before needs --on-duplicate, and each choice does what it says', async () => {
    const vars = await env()
    const path = await pdf('cli-twice.pdf')
    expect((await runCli(['upload', path, '--wait'], vars)).code).toBe(0)
    const first = itemsNamed('cli-twice')[0]
    const again = await runCli(['upload', path, '--wait'], vars)
    expect(again.code).toBe(1)
    expect(again.stdout).toContain(`cli-twice.pdf: the same content is already published as “cli-twice” (item ${first?.id}`)
    expect(again.stdout).toContain('Choose with --on-duplicate replace|new|skip.')
    const skipped = await runCli(['upload', path, '--on-duplicate', 'skip', '--json'], vars)
    expect(skipped.code).toBe(0)
    expect(JSON.parse(skipped.stdout)).toMatchObject({ jobs: [{ state: 'skipped', code: 'duplicate', message: expect.stringContaining('Skipped cli-twice.pdf') }] })
    const replaced = await runCli(['upload', path, '--on-duplicate', 'replace', '--wait', '--json'], vars)
    expect(replaced.code).toBe(0)
    expect(JSON.parse(replaced.stdout)).toMatchObject({ jobs: [{ state: 'done', itemId: first?.id }] })
    expect(itemsNamed('cli-twice')).toHaveLength(1)
    expect((await runCli(['upload', path, '--on-duplicate', 'new', '--wait'], vars)).code).toBe(0)
    expect(itemsNamed('cli-twice')).toHaveLength(2)
  })

  it('refuses bad usage with the usage text and exit 2', async () => {
    const vars = await env()
    const two = await runCli(['upload', '/a.pdf', '/b.pdf', '--name', 'Both'], vars)
    expect(two.code).toBe(2)
    expect(two.stderr).toContain('--name and --title can only be given for a single file or link.')
    const choice = await runCli(['upload', '/a.pdf', '--on-duplicate', 'maybe'], vars)
    expect(choice.code).toBe(2)
    expect(choice.stderr).toContain('--on-duplicate takes replace, new or skip')
    const nothing = await runCli(['upload'], vars)
    expect(nothing.code).toBe(2)
    // A short message and where the help is (the help itself is part A's, test/cli/help.test.ts).
    expect(nothing.stderr).toContain('Run "flipdrop upload --help" for help.')
  })

  it('exits 3 without a key or with a refused one', async () => {
    const { FLIPDROP_API_KEY: _key, ...noKey } = await env()
    const missing = await runCli(['upload', await pdf('cli-nokey.pdf')], noKey)
    expect(missing.code).toBe(3)
    expect(missing.stderr).toContain('No API key: set FLIPDROP_API_KEY')
    const refused = await runCli(['whoami'], await env({ FLIPDROP_API_KEY: 'fd-not-a-valid-key-000' }))
    expect(refused.code).toBe(3)
    expect(refused.stderr).toContain('did not accept the API key')
  })

  it('offline: upload --queue queues the job to wait (exit 0); a read says the service is out of reach (exit 4)', async () => {
    // The data folder met the key's account once, online (a published file).
    const vars = await env()
    expect((await runCli(['upload', await pdf('cli-online-first.pdf'), '--wait'], vars)).code).toBe(0)
    const offline = { ...vars, FLIPDROP_BASE_URL: 'http://127.0.0.1:9' }
    const queued = await runCli(['upload', await pdf('cli-offline.pdf'), '--queue'], offline)
    expect(queued.code).toBe(0)
    expect(queued.stdout).toMatch(/^queued\s+[0-9a-f]{8}\s+cli-offline\.pdf/m)
    const read = await runCli(['whoami'], offline)
    expect(read.code).toBe(4)
    expect(read.stderr).toContain('Could not reach the service at http://127.0.0.1:9 (connection refused).')
  })

  it('offline with a key never checked: nothing is queued, since whose account it is would be a guess (exit 4 once --timeout ran out)', async () => {
    const vars = await env({ FLIPDROP_BASE_URL: 'http://127.0.0.1:9' })
    // Following waits for the service by default (its help says so), also before anything is queued.
    const run = await runCli(['upload', await pdf('cli-never-checked.pdf'), '--timeout', '2s'], vars)
    expect(run.code).toBe(4)
    expect(run.stderr).toContain('Waiting for the service at http://127.0.0.1:9 to answer')
    expect(`${run.stdout}${run.stderr}`).toContain('cannot check which account your API key belongs to')
    expect(emulator.state.allItems().filter((item) => item.name === 'cli-never-checked')).toEqual([])
  })
})

describe('flipdrop replace', () => {
  it('replaces by slug from a file, keeping the ID and the link', async () => {
    const vars = await env()
    const made = JSON.parse((await runCli(['upload', await pdf('cli-replace-me.pdf', 1), '--wait', '--json'], vars)).stdout) as {
      jobs: { itemId: number; url: string }[]
    }
    const { itemId, url } = made.jobs[0] ?? { itemId: 0, url: '' }
    const slug = url.split('/').at(-1) ?? ''
    const run = await runCli(['replace', slug, await pdf('v2.pdf', 4), '--wait', '--json'], vars)
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout)).toMatchObject({ jobs: [{ state: 'done', itemId, url }] })
    expect(emulator.state.items.get(itemId)?.pages).toBe(4)
    const missing = await runCli(['replace', '987654', await pdf('v3.pdf'), '--id'], vars)
    expect(missing.code).toBe(1)
    expect(missing.stdout).toContain('That flipbook no longer exists on the service')
  })
})

describe('relative paths', () => {
  it('mean where the command was started, not where npm runs it', async () => {
    const here = await mkdtemp(join(tmpdir(), 'flipdrop-cli-cwd-'))
    await writeFile(join(here, 'relative.pdf'), await makePdf(1, 'relative'))
    const run = await runCli(['upload', 'relative.pdf', '--wait', '--json'], await env(), { startedIn: here })
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout)).toMatchObject({ jobs: [{ source: 'relative.pdf', state: 'done' }] })
  })
})
