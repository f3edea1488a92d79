import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { checkLinksFileQuickly } from '../../../../src-main/core/links/links-file-check'
import { LINKS_FILE_NAME, readLinksFile } from '../../../../src-main/core/links/links-file'
import { createLogger } from '../../../../src-main/core/log'

const dirs: string[] = []
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true })
})

const link = {
  id: 'link-1',
  path: '/docs/price list.pdf',
  itemId: 42,
  docType: 'Flipbook',
  accountId: 'user-1',
  name: 'Price list',
  url: 'https://example.com/view/42',
  paused: false,
  problem: null,
  message: null,
  seen: 'a'.repeat(64),
  published: { sha256: 'a'.repeat(64), size: 600, at: 1 },
  versions: [{ at: 1, size: 600, sha256: 'a'.repeat(64), pages: 2, kept: true }],
  folderId: null,
  polling: false
}
const folder = { id: 'folder-1', path: '/docs/hot', docType: 'Document', accountId: null, paused: false, polling: true, offered: ['/docs/hot/a.pdf'], ignored: [] }
const pending = { jobId: 'job-1', linkId: 'link-1', folderId: null, path: '/docs/price list.pdf', sha256: 'b'.repeat(64), size: 700 }
const file = { version: 1, keepCopies: true, links: [link], folders: [folder], pending: [pending] }

async function read(content: unknown): Promise<{ value: Awaited<ReturnType<typeof readLinksFile>>; lines: string[]; files: string[] }> {
  const dir = await mkdtemp(join(tmpdir(), 'flipdrop-links-file-'))
  dirs.push(dir)
  await writeFile(join(dir, LINKS_FILE_NAME), JSON.stringify(content))
  const lines: string[] = []
  const value = await readLinksFile(dir, createLogger((level, line) => lines.push(`${level}: ${line}`)))
  return { value, lines, files: await readdir(dir) }
}

describe('links.json read at start without the schema', () => {
  it('takes a complete file as the schema reads it, unknown fields left out', async () => {
    const withExtra = { ...file, extra: 1, links: [{ ...link, extra: true }] }
    expect(checkLinksFileQuickly(withExtra)).toEqual(file)
    expect((await read(withExtra)).value).toEqual(file)
  })

  it('leaves an older file without the newer fields to the schema, which fills their defaults', async () => {
    const { accountId: _account, polling: _polling, ...older } = link
    const content = { ...file, links: [older] }
    expect(checkLinksFileQuickly(content)).toBeNull()
    expect((await read(content)).value.links).toEqual([{ ...older, accountId: null, polling: false }])
  })

  it('keeps what a link said for the window beside its message; a file from before it loads without one', async () => {
    const said = { key: 'coreLinks.message.itemGone', values: { name: 'Price list' } }
    const saying = { ...file, links: [{ ...link, message: 'Price list was deleted on the service; the link is paused.', said }] }
    expect(checkLinksFileQuickly(saying)?.links[0]?.said).toEqual(said)
    expect((await read(saying)).value.links[0]?.said).toEqual(said)
    // Written before links said their sentences: no said at all, read quickly as it is.
    expect(checkLinksFileQuickly(file)?.links[0]).not.toHaveProperty('said')
    // A said the quick check cannot vouch for goes through the schema.
    expect(checkLinksFileQuickly({ ...file, links: [{ ...link, said: { key: 7 } }] })).toBeNull()
  })

  it('reads a hot folder of the time before "Ignore" as one that ignores nothing', async () => {
    const { ignored: _ignored, ...older } = folder
    const content = { ...file, folders: [older] }
    expect(checkLinksFileQuickly(content)).toBeNull()
    expect((await read(content)).value.folders).toEqual([{ ...older, ignored: [] }])
  })

  it('refuses a damaged record, so the schema logs it and the file is kept aside', async () => {
    for (const damaged of [
      { ...file, links: [{ ...link, itemId: '42' }] },
      { ...file, folders: [{ ...folder, offered: [3] }] },
      { ...file, pending: [{ ...pending, size: null }] },
      { ...file, links: [{ ...link, versions: [{ ...link.versions[0], kept: 'yes' }] }] },
      { ...file, links: [{ ...link, problem: 'gone' }] }
    ]) {
      expect(checkLinksFileQuickly(damaged)).toBeNull()
      const { value, lines, files } = await read(damaged)
      expect(value.links).toEqual([])
      expect(lines.some((line) => line.startsWith('error: links.json could not be read'))).toBe(true)
      expect(files.some((name) => name.startsWith(`${LINKS_FILE_NAME}.damaged-`))).toBe(true)
    }
  })
})
