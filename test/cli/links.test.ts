import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { HotFolderView, LinkView } from '../../src-shared/domain/links'
import { startEmulator, type RunningEmulator } from '../emulator'
import { makePdf } from '../emulator/fixtures/make-pdf'
import { spawnCli } from '../support/cli-runner'
import { runCliInProcess as runCli } from './in-process-cli'
import { requestsTo, waitFor } from '../main/core/links/links-fixture'
import { jsonOf } from './cli-test-kit'

/* Output, flags and exit codes run in this process; `watch` ended by SIGINT is a child. */

const KEY = 'fd-cli-links-key-1'
let emulator: RunningEmulator
let files: string

beforeAll(async () => {
  emulator = await startEmulator({ keys: [KEY], log: () => {} })
  files = await mkdtemp(join(tmpdir(), 'flipdrop-cli-links-'))
})
afterAll(async () => {
  await emulator.close()
})

async function env(): Promise<Record<string, string>> {
  return {
    FLIPDROP_API_KEY: KEY,
    FLIPDROP_BASE_URL: emulator.baseUrl,
    FLIPDROP_DOCUMENT_URL: emulator.documentUrl,
    FLIPDROP_DATA_DIR: await mkdtemp(join(tmpdir(), 'flipdrop-cli-data-')),
    FLIPDROP_LINK_SETTLE_MS: '150'
  }
}

/** An item on the emulator, published by the command from a real file. */
async function publishedFile(vars: Record<string, string>, name: string): Promise<{ path: string; itemId: number; url: string }> {
  const path = join(files, name)
  await writeFile(path, await makePdf(1, `${name} v1`))
  const run = await runCli(['upload', path, '--wait', '--json'], vars)
  expect(run.code, run.stderr).toBe(0)
  const job = jsonOf<{ jobs: { itemId: number; url: string }[] }>(run).jobs[0]
  return { path, itemId: job?.itemId ?? -1, url: job?.url ?? '' }
}

describe('flipdrop link, links, unlink, hotfolder, watch', () => {
  it('links by slug, lists, unlinks; adds, lists and removes a hot folder; bad usage exits 2', async () => {
    const vars = await env()
    const item = await publishedFile(vars, 'cli-link.pdf')
    const slug = item.url.split('/').pop() ?? ''
    const linked = await runCli(['link', item.path, slug, '--json'], vars)
    expect(linked.code, linked.stderr).toBe(0)
    expect(jsonOf<LinkView>(linked)).toMatchObject({ path: item.path, itemId: item.itemId, state: 'active' })

    const listed = await runCli(['links', '--json'], vars)
    expect(jsonOf<{ links: LinkView[] }>(listed).links.map((link) => [link.path, link.itemId])).toEqual([[item.path, item.itemId]])
    const human = await runCli(['links'], vars)
    expect(human.stdout).toContain(`${item.path} → cli-link (item ${item.itemId})`)

    const folder = join(files, 'cli-hot')
    await mkdir(folder)
    await writeFile(join(folder, 'there.pdf'), await makePdf(1, 'there'))
    const added = await runCli(['hotfolder', 'add', folder, '--document', '--json'], vars)
    expect(added.code, added.stderr).toBe(0)
    const folders = jsonOf<{ folders: HotFolderView[] }>(await runCli(['hotfolders', '--json'], vars)).folders
    expect(folders.map((entry) => [entry.path, entry.docType, entry.offered.map((file) => file.fileName)])).toEqual([[folder, 'Document', ['there.pdf']]])
    expect((await runCli(['hotfolder', 'remove', folder], vars)).code).toBe(0)
    expect(jsonOf<{ folders: HotFolderView[] }>(await runCli(['hotfolders', '--json'], vars)).folders).toEqual([])

    expect((await runCli(['unlink', item.path], vars)).code).toBe(0)
    expect(jsonOf<{ links: LinkView[] }>(await runCli(['links', '--json'], vars)).links).toEqual([])
    expect((await runCli(['hotfolder', 'rename', folder], vars)).code).toBe(2)
    expect((await runCli(['unlink', item.path], vars)).code).toBe(1)
  })

  it('watch: a link added while it runs is handed to it at once, a change is replaced once, SIGINT ends it with 130', async () => {
    const vars = await env()
    const item = await publishedFile(vars, 'cli-watch.pdf')
    const child = spawnCli(['watch'], vars)
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const exited = new Promise<number | null>((resolve) => child.once('close', resolve))
    try {
      await waitFor('watch to start', () => stdout.includes('Ctrl+C stops'), 30_000)
      // Only one watcher per data folder.
      const second = await runCli(['watch'], vars)
      expect(second.code).toBe(1)
      expect(second.stderr).toContain('already watches this data folder')
      const linked = await runCli(['link', item.path, String(item.itemId), '--json'], vars)
      expect(linked.code, linked.stderr).toBe(0)
      const before = requestsTo(emulator, '/api/replace-pdf/')
      await writeFile(item.path, await makePdf(2, 'cli-watch v2'))
      await waitFor('the update to be told', () => stdout.includes('Updated cli-watch (same link)'), 30_000)
      expect(requestsTo(emulator, '/api/replace-pdf/') - before).toBe(1)
      expect(emulator.state.items.get(item.itemId)?.pages).toBe(2)
    } finally {
      child.kill('SIGINT')
    }
    // Ctrl+C is how watch ends, and it says so like every command: 130.
    expect(await exited, stderr).toBe(130)
  })
})
