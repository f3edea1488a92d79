import { mkdtemp, readdir, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ItemDetails } from '../../src-shared/domain/service/item-details'
import type { LinkView } from '../../src-shared/domain/links'
import { startEmulator, type RunningEmulator, type StoredItem } from '../emulator'
import { makePdf } from '../emulator/fixtures/make-pdf'
import { runCliInProcess as runCli } from './in-process-cli'
import { addItemWithSlug } from '../support/custom-slug'
import { cliKit, inGroups, jsonOf } from './cli-test-kit'

const KEY = 'fd-cli-item-ref-key-5c21'
let emulator: RunningEmulator
let files: string
const { cli, env } = cliKit(() => emulator, KEY, runCli)

/** An item whose ID is also another item's slug, that other item, and one whose all-digit slug is no ID. */
let target: StoredItem
let twin: StoredItem
let digitsOnly: StoredItem
const ABSENT_ID_SLUG = '7777777'

beforeAll(async () => {
  emulator = await startEmulator({ keys: [KEY], seed: true, log: () => {} })
  files = await mkdtemp(join(tmpdir(), 'flipdrop-cli-item-ref-'))
  const [first, second] = emulator.state.itemsOf(KEY)
  if (!first || !second) throw new Error('the seeded library is empty')
  target = first
  twin = addItemWithSlug(emulator, second, { name: `Spring ${target.id}`, slug: String(target.id) })
  digitsOnly = addItemWithSlug(emulator, second, { name: 'Only a slug', slug: ABSENT_ID_SLUG })
})
afterAll(async () => {
  await emulator?.close()
})

const requestsTo = (pattern: RegExp): number => emulator.state.requests.filter((entry) => pattern.test(entry.path)).length
const ambiguity = (): string =>
  `${target.id} is item ${target.id} “${target.name}” and the slug of item ${twin.id} “${twin.name}”; say --id or --slug.`
const itemOf = (run: Awaited<ReturnType<typeof cli>>): number => jsonOf<{ item: ItemDetails }>(run).item.summary.id

describe('an all-digit item reference', { timeout: 120_000 }, () => {
  it('get: refused with both items named when it is an ID and another item\'s slug; --id and --slug choose', async () => {
    expect(emulator.state.ownedBySlug(KEY, 'base', String(target.id))?.id).toBe(twin.id)
    const [both, bothJson, byId, bySlug] = await inGroups([
      () => cli(['get', String(target.id)]),
      () => cli(['get', String(target.id), '--json']),
      () => cli(['get', String(target.id), '--id', '--json']),
      () => cli(['get', String(target.id), '--slug', '--json'])
    ])
    expect(both.code).toBe(2)
    expect(both.stdout).toBe('')
    expect(both.stderr.trim()).toBe(`flipdrop get: ${ambiguity()}`)
    expect(bothJson.code).toBe(2)
    expect(jsonOf<{ error: { message: string; exitCode: number } }>(bothJson).error).toEqual({ code: 'usage', message: ambiguity(), exitCode: 2 })
    expect(byId.code, byId.stderr).toBe(0)
    expect(itemOf(byId)).toBe(target.id)
    expect(bySlug.code, bySlug.stderr).toBe(0)
    expect(itemOf(bySlug)).toBe(twin.id)
  })

  it('get: when only one reading finds an item, that item is used', async () => {
    const plain = emulator.state.itemsOf(KEY)[2] as StoredItem
    const copiesBefore = requestsTo(/^\/api\/duplicate\//)
    const [slugOnly, idOnly, neither, copyOfNeither] = await inGroups([
      () => cli(['get', ABSENT_ID_SLUG, '--json']),
      () => cli(['get', String(plain.id), '--json']),
      () => cli(['get', '999999']),
      () => cli(['duplicate', '999999', '--json'])
    ])
    expect(slugOnly.code, slugOnly.stderr).toBe(0)
    expect(itemOf(slugOnly)).toBe(digitsOnly.id)
    expect(idOnly.code, idOnly.stderr).toBe(0)
    expect(itemOf(idOnly)).toBe(plain.id)
    expect(neither.code).toBe(1)
    expect(neither.stderr).toContain('Item not found: "999999"')
    // Neither reading finds one: said before any copy is asked for.
    expect(copyOfNeither.code).toBe(1)
    expect(jsonOf<{ error: { message: string; exitCode: number } }>(copyOfNeither).error).toMatchObject({ exitCode: 1, message: expect.stringContaining('Item not found: "999999"') })
    expect(requestsTo(/^\/api\/duplicate\//)).toBe(copiesBefore)
  })

  it('refuses --id with --slug, and --id with something that is no ID, before any request', async () => {
    const before = requestsTo(/^\/api\//)
    const [together, notDigits] = await inGroups([
      () => cli(['get', String(target.id), '--id', '--slug']),
      () => cli(['pdf', `${target.id}x`, '--id'])
    ])
    expect(together.code).toBe(2)
    expect(together.stderr).toContain('Say --id or --slug, not both.')
    expect(notDigits.code).toBe(2)
    expect(notDigits.stderr).toContain(`--id needs an item ID (digits only); "${target.id}x" is not one.`)
    expect(requestsTo(/^\/api\//)).toBe(before)
  })

  it('pdf and duplicate: refused without a download or a copy; --slug and --id choose', async () => {
    const folder = await mkdtemp(join(files, 'pdf-'))
    const copiesBefore = requestsTo(/^\/api\/duplicate\//)
    const [pdf, copy, pdfBySlug, copyById] = await inGroups([
      () => cli(['pdf', String(target.id), '-o', folder]),
      () => cli(['duplicate', String(target.id)]),
      () => cli(['pdf', String(target.id), '--slug', '-o', folder, '--json']),
      () => cli(['duplicate', String(target.id), '--id', '--json'])
    ])
    for (const [run, name] of [[pdf, 'pdf'], [copy, 'duplicate']] as const) {
      expect(run.code).toBe(2)
      expect(run.stdout).toBe('')
      expect(run.stderr.trim()).toBe(`flipdrop ${name}: ${ambiguity()}`)
    }
    expect(pdfBySlug.code, pdfBySlug.stderr).toBe(0)
    expect(jsonOf<{ itemId: number; path: string }>(pdfBySlug)).toMatchObject({ itemId: twin.id, path: join(folder, `${twin.name}.pdf`) })
    expect(await readdir(folder)).toEqual([`${twin.name}.pdf`])
    expect(copyById.code, copyById.stderr).toBe(0)
    expect(jsonOf<{ created: { id: number }[] }>(copyById).created).toHaveLength(1)
    // One copy, of the item the ID names: the refused run made none.
    expect(requestsTo(/^\/api\/duplicate\//)).toBe(copiesBefore + 1)
    expect(emulator.state.requests.filter((entry) => entry.path.startsWith('/api/duplicate/')).at(-1)?.path).toBe(`/api/duplicate/${target.id}`)
  })

  it('replace and link: refused without queueing or linking; --slug and --id choose', async () => {
    const pdfPath = join(files, 'new-version.pdf')
    await writeFile(pdfPath, await makePdf(3, 'new version'))
    const replacesBefore = requestsTo(/^\/api\/replace-pdf/)
    const vars = await env()
    const refusedReplace = await runCli(['replace', String(target.id), pdfPath, '--wait'], vars)
    const refusedLink = await runCli(['link', 'add', pdfPath, String(target.id)], vars)
    for (const [run, name] of [[refusedReplace, 'replace'], [refusedLink, 'link add']] as const) {
      expect(run.code).toBe(2)
      expect(run.stdout).toBe('')
      expect(run.stderr.trim()).toBe(`flipdrop ${name}: ${ambiguity()}`)
    }
    expect(jsonOf<{ links: LinkView[] }>(await runCli(['links', '--json'], vars)).links).toEqual([])
    expect(requestsTo(/^\/api\/replace-pdf/)).toBe(replacesBefore)

    const pagesBefore = { target: target.pages, twin: twin.pages }
    expect(pagesBefore.twin).not.toBe(3)
    const replaced = await runCli(['replace', String(target.id), pdfPath, '--slug', '--wait', '--json'], vars)
    expect(replaced.code, replaced.stderr).toBe(0)
    expect(jsonOf<{ jobs: { state: string; itemId: number }[] }>(replaced).jobs).toMatchObject([{ state: 'done', itemId: twin.id }])
    expect(emulator.state.ownedItem(KEY, 'base', twin.id)?.pages).toBe(3)
    expect(emulator.state.ownedItem(KEY, 'base', target.id)?.pages).toBe(pagesBefore.target)

    const linked = await runCli(['link', pdfPath, String(target.id), '--id', '--json'], vars)
    expect(linked.code, linked.stderr).toBe(0)
    expect(jsonOf<LinkView>(linked)).toMatchObject({ path: pdfPath, itemId: target.id })
  })
})
