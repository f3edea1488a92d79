import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from '../emulator'
import { makePdf } from '../emulator/fixtures/make-pdf'
import { spawnCli } from '../support/cli-runner'
import { runCliInProcess as runCli } from './in-process-cli'
import { waitFor } from '../main/core/links/links-fixture'
import { jsonOf } from './cli-test-kit'

/*
 * Issue 20 (B): `watch --json` prints one JSON event per line as it happens, nothing else on stdout.
 * The upload and link before it run in this process; `watch`, ended by SIGINT, is a child.
 */

const KEY = 'fd-cli-watch-json-key-1'
let emulator: RunningEmulator

beforeAll(async () => {
  emulator = await startEmulator({ keys: [KEY], log: () => {} })
})
afterAll(() => emulator.close())

describe('flipdrop watch --json', () => {
  it('prints {"event":…} lines as things happen: watching, the replace job with its record, the link update', async () => {
    const vars = {
      FLIPDROP_API_KEY: KEY,
      FLIPDROP_BASE_URL: emulator.baseUrl,
      FLIPDROP_DOCUMENT_URL: emulator.documentUrl,
      FLIPDROP_DATA_DIR: await mkdtemp(join(tmpdir(), 'flipdrop-cli-watch-json-')),
      FLIPDROP_LINK_SETTLE_MS: '150'
    }
    const path = join(await mkdtemp(join(tmpdir(), 'flipdrop-cli-watch-files-')), 'watched.pdf')
    await writeFile(path, await makePdf(1, 'watched v1'))
    const item = jsonOf<{ jobs: { itemId: number }[] }>(await runCli(['upload', path, '--json'], vars)).jobs[0]
    expect((await runCli(['link', path, String(item?.itemId)], vars)).code).toBe(0)
    const child = spawnCli(['watch', '--json'], vars)
    let stdout = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    const exited = new Promise<void>((resolve) => child.once('close', () => resolve()))
    const events = (): { event: string; [field: string]: unknown }[] =>
      stdout
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as { event: string })
    try {
      await waitFor('watch to start', () => events().some((event) => event.event === 'watching'), 30_000)
      expect(events()[0]).toEqual({ event: 'watching', links: 1, folders: 0 })
      await writeFile(path, await makePdf(3, 'watched v2'))
      await waitFor('the update to be told', () => events().some((event) => event.event === 'link-updated'), 30_000)
    } finally {
      child.kill('SIGINT')
    }
    await exited
    const all = events()
    expect(all.find((event) => event.event === 'job')).toMatchObject({ state: 'done', itemId: item?.itemId, id: expect.any(String), code: null })
    expect(all.find((event) => event.event === 'link-updated')).toMatchObject({ itemId: item?.itemId, name: 'watched' })
    expect(emulator.state.items.get(item?.itemId ?? -1)?.pages).toBe(3)
  }, 60_000)
})
