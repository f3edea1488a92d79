import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from '../emulator'
import { makePdf } from '../emulator/fixtures/make-pdf'
import { cliKit, jsonOf } from './cli-test-kit'
import { runCliInProcess } from './in-process-cli'

/*
 * A plan with room for one flipbook: files over it wait in the queue for room. The command
 * says so in words ("Waiting for room"), with the code `no-room`, and never follows such a job
 * forever: `upload` and `queue --wait` end (exit 1, as a quota refusal did) and leave it queued;
 * `upload --queue` queues it as asked (exit 0).
 */

const KEY = 'fd-cli-plan-room-key-1'
let emulator: RunningEmulator
let files: string
const { env, cli } = cliKit(() => emulator, KEY, runCliInProcess)

beforeAll(async () => {
  emulator = await startEmulator({ keys: [KEY], seed: false, maxItems: { flipbooks: 1, documents: 5 }, log: () => {} })
  files = await mkdtemp(join(tmpdir(), 'flipdrop-cli-room-'))
})
afterAll(() => emulator.close())

async function pdf(name: string): Promise<string> {
  const path = join(files, name)
  await writeFile(path, await makePdf(1, name))
  return path
}

interface Record {
  id: string | null
  state: string
  source: string
  code: string | null
  message: string | null
}

describe('files over the plan, from the command', () => {
  it('upload leaves them waiting for room, says so, and ends; queue lists them; queue --wait does not hang on them', async () => {
    const vars = await env()
    // The first file fills the plan (and the data folder learns it).
    expect((await cli(['upload', await pdf('fills.pdf')], { extra: vars })).code).toBe(0)

    const over = await cli(['upload', await pdf('over-a.pdf'), await pdf('over-b.pdf')], { extra: vars })
    expect(over.code).toBe(1)
    expect(over.stdout).toMatch(/^waiting\s+[0-9a-f]{8}\s+over-a\.pdf\s+Waiting for room in your plan \(1 flipbook at most\)/m)
    expect(over.stdout).toContain('flipdrop queue --wait publishes it then')
    expect(over.stdout.trimEnd().split('\n').at(-1)).toBe('2 waiting')

    const listed = jsonOf<{ jobs: Record[] }>(await cli(['queue', '--json'], { extra: vars }))
    expect(listed.jobs.filter((job) => job.code === 'no-room').map((job) => [job.source, job.state])).toEqual([
      ['over-a.pdf', 'waiting'],
      ['over-b.pdf', 'waiting']
    ])
    expect(listed.jobs[1]?.message).toMatch(/^Waiting for room in your plan/)

    // --queue only queues, as asked (exit 0): the record says it waits for room.
    const queued = await cli(['upload', await pdf('over-c.pdf'), '--queue', '--json'], { extra: vars })
    expect(queued.code).toBe(0)
    expect(jsonOf<{ jobs: Record[] }>(queued).jobs).toMatchObject([{ state: 'queued', source: 'over-c.pdf', code: 'no-room' }])

    const waited = await cli(['queue', '--wait'], { extra: vars })
    expect(waited.code).toBe(1)
    expect(waited.stdout.trimEnd().split('\n').at(-1)).toBe('3 waiting')
    // Nothing over the plan was sent.
    expect(emulator.state.allItems().map((item) => item.name)).toEqual(['fills'])
  }, 60_000)
})
