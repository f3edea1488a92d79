import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from '../emulator'
import { makePdf } from '../emulator/fixtures/make-pdf'
import { dataFolder, run } from './terminal-kit'

const KEY = 'fd-cli-names-key-93e2'
let emulator: RunningEmulator

beforeAll(async () => {
  emulator = await startEmulator({ keys: [KEY], seed: 3, log: () => {} })
})
afterAll(async () => {
  await emulator?.close()
})

const json = <T>(stdout: string): T => JSON.parse(stdout) as T

describe('one noun–verb scheme for links and hot folders, old spellings kept', { timeout: 60_000 }, () => {
  it('link add|list|remove and hotfolder add|list|remove; link <file> <id>, links, unlink and hotfolders still work', async () => {
    const env = { FLIPDROP_API_KEY: KEY, FLIPDROP_BASE_URL: emulator.baseUrl, FLIPDROP_DATA_DIR: await dataFolder() }
    const dir = await mkdtemp(join(tmpdir(), 'flipdrop-cli-names-'))
    const [first, second] = emulator.state.itemsOf(KEY)
    const fileA = join(dir, 'a.pdf')
    const fileB = join(dir, 'b.pdf')
    await writeFile(fileA, await makePdf(1, 'a'))
    await writeFile(fileB, await makePdf(1, 'b'))

    const added = await run(['link', 'add', fileA, String(first?.id), '--id', '--json'], env)
    expect(added.code, added.stderr).toBe(0)
    const older = await run(['link', fileB, String(second?.id), '--id', '--json'], env)
    expect(older.code, older.stderr).toBe(0)
    const listed = await run(['link', 'list', '--json'], env)
    const linksAlias = await run(['links', '--json'], env)
    expect(json<{ links: { path: string }[] }>(listed.stdout).links.map((link) => link.path).sort()).toEqual([fileA, fileB])
    expect(linksAlias.stdout).toBe(listed.stdout)
    expect((await run(['link', 'remove', fileA], env)).code).toBe(0)
    expect((await run(['unlink', fileB], env)).code).toBe(0)
    expect(json<{ links: unknown[] }>((await run(['link', 'list', '--json'], env)).stdout).links).toEqual([])

    const folder = join(dir, 'hot')
    await mkdir(folder)
    expect((await run(['hotfolder', 'add', folder, '--document'], env)).code).toBe(0)
    const folders = await run(['hotfolder', 'list', '--json'], env)
    expect(json<{ folders: { path: string; docType: string }[] }>(folders.stdout).folders).toMatchObject([{ path: folder, docType: 'Document' }])
    expect((await run(['hotfolders', '--json'], env)).stdout).toBe(folders.stdout)
    expect((await run(['hotfolder', 'remove', folder], env)).code).toBe(0)
    expect((await run(['hotfolder', 'list'], env)).stdout).toBe('No hot folders.\n')
  })
})
