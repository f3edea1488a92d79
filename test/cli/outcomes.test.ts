import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from '../emulator'
import { makePdf } from '../emulator/fixtures/make-pdf'
import { cliKit, jsonOf } from './cli-test-kit'
import { runCliInProcess } from './in-process-cli'

/*
 * Issue 20 (B): the command says exactly what it did. Each scenario runs `flipdrop` in this
 * process (output and exit codes) against the emulator, with a fresh data folder unless it
 * says otherwise.
 */

const KEY = 'fd-cli-outcomes-key-1'
let emulator: RunningEmulator
let files: string
const { env, cli } = cliKit(() => emulator, KEY, runCliInProcess)

beforeAll(async () => {
  emulator = await startEmulator({ keys: [KEY], rateLimit: { limit: 100_000, windowSeconds: 60 }, maxItems: 1_000, log: () => {} })
  files = await mkdtemp(join(tmpdir(), 'flipdrop-cli-outcomes-'))
})
afterAll(() => emulator.close())

async function pdf(name: string, pages = 1, folder = files): Promise<string> {
  const path = join(folder, name)
  await writeFile(path, await makePdf(pages, `${name} ${folder}`))
  return path
}

const itemsNamed = (name: string) => emulator.state.allItems().filter((item) => item.name === name)

/** Written out, not imported from job-lines.ts: scripts rely on this shape, so a change there must fail here. */
interface Record {
  id: string | null
  state: string
  source: string
  path: string | null
  code: string | null
  itemId: number | null
  url: string | null
  message: string | null
}
const FIELDS = ['id', 'state', 'source', 'path', 'code', 'itemId', 'url', 'message']

describe('upload publishes in the foreground by default', () => {
  it('without flags: follows its job to done, prints the job ID and link, exits 0', async () => {
    const path = await pdf('fg-plain.pdf')
    const run = await cli(['upload', path])
    expect(run.code).toBe(0)
    expect(run.stderr).toBe('')
    expect(run.stdout).toMatch(/^done\s+[0-9a-f]{8}\s+fg-plain\.pdf\s+http:\/\/127\.0\.0\.1:\d+\/view\/\S+$/m)
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('1 done')
    expect(itemsNamed('fg-plain')).toHaveLength(1)
  })

  it('--queue only queues, says where the jobs went, and publishes nothing; --no-wait is the same; --wait stays accepted', async () => {
    const vars = await env()
    const queued = await cli(['upload', await pdf('q-one.pdf'), '--queue'], { extra: vars })
    expect(queued.code).toBe(0)
    expect(queued.stdout).toMatch(/^queued\s+[0-9a-f]{8}\s+q-one\.pdf/m)
    expect(queued.stdout).toContain(`1 queued; they wait in the queue of ${vars['FLIPDROP_DATA_DIR']}: the FlipDrop app publishes them when it runs, or flipdrop queue --wait does`)
    const noWait = jsonOf<{ jobs: Record[] }>(await cli(['upload', await pdf('q-two.pdf'), '--no-wait', '--json'], { extra: vars }))
    expect(noWait.jobs).toMatchObject([{ state: 'queued', source: 'q-two.pdf', path: join(files, 'q-two.pdf') }])
    expect(itemsNamed('q-one')).toHaveLength(0)
    expect(itemsNamed('q-two')).toHaveLength(0)
    const both = await cli(['upload', await pdf('q-three.pdf'), '--wait', '--queue'], { extra: vars })
    expect(both.code).toBe(2)
    expect(both.stderr).toContain('--wait and --queue contradict each other')
  })

  it('follows only its own jobs: other queued jobs are not published, and it says they wait; queue --wait says how many it runs', async () => {
    const vars = await env()
    expect((await cli(['upload', await pdf('own-other.pdf'), '--queue'], { extra: vars })).code).toBe(0)
    const mine = await cli(['upload', await pdf('own-mine.pdf')], { extra: vars })
    expect(mine.code).toBe(0)
    expect(mine.stdout).not.toContain('own-other')
    expect(mine.stderr).toContain('1 other job waits in the queue; this command published only its own (flipdrop queue --wait runs the rest).')
    expect(itemsNamed('own-mine')).toHaveLength(1)
    expect(itemsNamed('own-other')).toHaveLength(0)
    const all = await cli(['queue', '--wait'], { extra: vars })
    expect(all.code).toBe(0)
    expect(all.stderr).toContain('Publishing the 1 job waiting in the queue; this command runs them.')
    expect(all.stdout).toMatch(/^done\s+[0-9a-f]{8}\s+own-other\.pdf\s+http/m)
    expect(itemsNamed('own-other')).toHaveLength(1)
  })

  it('a file already waiting in the queue is followed to done (its own job ID), never "failed … already waiting"', async () => {
    const vars = await env()
    const path = await pdf('main.pdf')
    const queued = jsonOf<{ jobs: Record[] }>(await cli(['upload', path, '--queue', '--json'], { extra: vars }))
    const id = queued.jobs[0]?.id
    const run = await cli(['upload', path, '--wait', '--json'], { extra: vars })
    expect(run.code).toBe(0)
    expect(jsonOf<{ jobs: Record[] }>(run).jobs).toMatchObject([{ id, state: 'done', source: 'main.pdf', path, itemId: expect.any(Number) }])
    expect(itemsNamed('main')).toHaveLength(1)
  })
})

describe('each outcome its own word, and the exit code only for what failed', () => {
  it('a non-PDF inside a folder is skipped with its reason and the run exits 0; a named non-PDF fails (exit 1)', async () => {
    const folder = join(files, 'mixed-folder')
    await mkdir(folder)
    await pdf('inside.pdf', 1, folder)
    await writeFile(join(folder, 'notes.txt'), 'notes')
    const run = await cli(['upload', folder])
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/^skipped\s+-\s+notes\.txt\s+notes\.txt is not a PDF\.$/m)
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('1 done, 1 skipped')
    const json = jsonOf<{ jobs: Record[] }>(await cli(['upload', join(folder, 'notes.txt'), '--json']))
    expect(json.jobs).toEqual([
      { id: null, state: 'failed', source: 'notes.txt', path: join(folder, 'notes.txt'), code: 'not-pdf', itemId: null, url: null, message: expect.stringContaining('not a PDF') }
    ])
  })

  it('--on-duplicate skip reports skipped (code duplicate) and exits 0; nothing was queued, so nothing "waits in the queue"', async () => {
    const vars = await env()
    const path = await pdf('dup-skip.pdf')
    expect((await cli(['upload', path], { extra: vars })).code).toBe(0)
    const skipped = await cli(['upload', path, '--on-duplicate', 'skip'], { extra: vars })
    expect(skipped.code).toBe(0)
    expect(skipped.stdout).toMatch(/^skipped\s+-\s+dup-skip\.pdf\s+Skipped dup-skip\.pdf: the same content is already published/m)
    expect(skipped.stdout.trimEnd().split('\n').at(-1)).toBe('1 skipped')
    const queued = await cli(['upload', path, '--on-duplicate', 'skip', '--queue', '--json'], { extra: vars })
    expect(queued.code).toBe(0)
    expect(jsonOf<{ jobs: Record[] }>(queued).jobs).toMatchObject([{ state: 'skipped', code: 'duplicate', path }])
    const text = await cli(['upload', path, '--on-duplicate', 'skip', '--queue'], { extra: vars })
    expect(text.stdout).not.toContain('wait in the queue')
    expect(itemsNamed('dup-skip')).toHaveLength(1)
  })

  it('every record has the same fields, wherever a job is reported', async () => {
    const vars = await env()
    const folder = join(files, 'shape')
    await mkdir(folder)
    await pdf('shape.pdf', 1, folder)
    await writeFile(join(folder, 'shape.txt'), 'text')
    const uploaded = jsonOf<{ jobs: Record[] }>(await cli(['upload', folder, '--json'], { extra: vars }))
    const queued = jsonOf<{ jobs: Record[] }>(await cli(['upload', await pdf('shape-q.pdf'), '--queue', '--json'], { extra: vars }))
    const listed = jsonOf<{ jobs: Record[] }>(await cli(['queue', '--json'], { extra: vars }))
    for (const record of [...uploaded.jobs, ...queued.jobs, ...listed.jobs]) expect(Object.keys(record)).toEqual(FIELDS)
    const done = uploaded.jobs.find((record) => record.state === 'done')
    expect(done).toMatchObject({ source: 'shape.pdf', path: join(folder, 'shape.pdf'), code: null, itemId: expect.any(Number), url: expect.stringMatching(/^http/) })
    expect(uploaded.jobs.find((record) => record.state === 'skipped')).toMatchObject({ code: 'not-pdf', path: join(folder, 'shape.txt') })
    expect(listed.jobs.map((record) => record.id).sort()).toEqual([done?.id, queued.jobs[0]?.id].sort())
  })
})

describe('queue acts on jobs by ID', () => {
  it('--pause, --resume, --cancel, --retry and --remove take the ID shown (or a unique prefix); clear-finished says what it removed', async () => {
    const vars = await env()
    const queued = jsonOf<{ jobs: Record[] }>(await cli(['upload', await pdf('id-a.pdf'), await pdf('id-b.pdf'), '--queue', '--json'], { extra: vars }))
    const [a, b] = queued.jobs.map((record) => record.id ?? '')
    const listed = await cli(['queue'], { extra: vars })
    expect(listed.stdout).toContain(`${a?.slice(0, 8)}  id-a.pdf`)
    const paused = jsonOf<{ jobs: Record[] }>(await cli(['queue', '--pause', a?.slice(0, 8) ?? '', '--json'], { extra: vars }))
    expect(paused.jobs).toMatchObject([{ id: a, code: 'paused', message: 'Paused.' }])
    const resumed = jsonOf<{ jobs: Record[] }>(await cli(['queue', '--resume', a?.slice(0, 6) ?? '', '--json'], { extra: vars }))
    expect(resumed.jobs).toMatchObject([{ id: a, code: null }])
    const cancelled = await cli(['queue', '--cancel', b?.slice(0, 8) ?? ''], { extra: vars })
    expect(cancelled.code).toBe(0)
    expect(cancelled.stdout).toMatch(new RegExp(`^cancelled\\s+${b?.slice(0, 8)}\\s+id-b\\.pdf`, 'm'))
    expect((await cli(['queue', '--retry', b ?? ''], { extra: vars })).stdout).toMatch(/^queued\s+\S+\s+id-b\.pdf/m)
    const removed = await cli(['queue', '--remove', a?.slice(0, 8) ?? ''], { extra: vars })
    expect(removed.stdout).toMatch(/^removed\s+\S+\s+id-a\.pdf\s+Removed from the queue\.$/m)
    expect((await cli(['queue', '--wait'], { extra: vars })).code).toBe(0)
    const cleared = await cli(['queue', '--clear-finished'], { extra: vars })
    expect(cleared.stdout).toMatch(/^removed\s+\S+\s+id-b\.pdf\s+Cleared from the queue \(it was done\)\.$/m)
    expect(cleared.stdout.trimEnd().split('\n').at(-1)).toBe('1 removed')
    expect((await cli(['queue'], { extra: vars })).stdout.trim()).toBe('The queue is empty.')
    expect(itemsNamed('id-a')).toHaveLength(0)
    expect(itemsNamed('id-b')).toHaveLength(1)
  })

  it('an unknown ID is exit 1 and, with --json, an error document with a code on stdout', async () => {
    const unknown = await cli(['queue', '--cancel', 'abcdef12', '--json'])
    expect(unknown.code).toBe(1)
    expect(jsonOf(unknown)).toEqual({ error: { code: 'no-such-job', message: expect.stringContaining('abcdef12'), exitCode: 1 } })
    const short = await cli(['queue', '--cancel', 'ab'])
    expect(short.code).toBe(2)
    expect(short.stderr).toContain('too short to name a job')
  })
})
