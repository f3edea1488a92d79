import { existsSync } from 'node:fs'
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DETAIL_GROUP_IDS, type ItemDetails } from '../../src-shared/domain/service/item-details'
import { SORT_KEYS, type ItemSummary } from '../../src-shared/domain/service/item'
import { startEmulator, type RunningEmulator, type StoredItem } from '../emulator'
import { spawnCli } from '../support/cli-runner'
import { cliKit, dateInCliZone, inGroups, jsonOf, patchItem, serviceGet } from './cli-test-kit'
import { runCliInProcess } from './in-process-cli'

/* Output, flags and exit codes run in this process; only the interrupt (SIGINT) needs a child. */

const KEY = 'fd-cli-library-key-7f3a91'
let emulator: RunningEmulator
let files: string
const { cli, env } = cliKit(() => emulator, KEY, runCliInProcess)

beforeAll(async () => {
  emulator = await startEmulator({ keys: [KEY], seed: true, log: () => {} })
  files = await mkdtemp(join(tmpdir(), 'flipdrop-cli-pdf-'))
})
afterAll(async () => {
  await emulator?.close()
})

const owned = (): StoredItem[] => emulator.state.itemsOf(KEY)
/** The service's default order: newest first. */
const newestFirst = (items: StoredItem[]): StoredItem[] => [...items].sort((a, b) => b.createdMs - a.createdMs || b.id - a.id)
const grouped = (value: number): string => new Intl.NumberFormat('en-US').format(value)
const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const requestsTo = (pattern: RegExp): number => emulator.state.requests.filter((entry) => pattern.test(entry.path)).length

interface ListJson {
  items: ItemSummary[]
  total: number | null
  capped: boolean
}

const SUMMARY_KEYS = [
  'approvals', 'createdOn', 'customUrl', 'description', 'docType', 'embedUrl', 'folder', 'fullUrl', 'id', 'isActive',
  'isPublished', 'isStarred', 'leads', 'name', 'pages', 'sales', 'thumbnail', 'title', 'views'
]

describe('flipdrop list', { timeout: 60_000 }, () => {
  it('prints the first page as a table with local dates, and --json as {items,total,capped}', async () => {
    const [human, json, page2, reports, search] = await inGroups([
      () => cli(['list']),
      () => cli(['list', '--json']),
      () => cli(['list', '--page', '2', '--page-size', '10', '--json']),
      () => cli(['list', '--folder', 'Reports', '--sort', 'Name', '--desc', '--json']),
      () => cli(['list', '--search', 'financial', '--json'])
    ])
    const expected = newestFirst(owned())
    expect(expected).toHaveLength(36)
    const rows = await serviceGet<{ Items: { ID: number; FullURL: string }[] }>(emulator.baseUrl, KEY, '/api/list?PageSize=100')
    const link = new Map(rows.Items.map((row) => [row.ID, row.FullURL]))

    expect(human.code).toBe(0)
    expect(human.stderr).toBe('')
    expect(human.stdout.split('\n')[0]).toMatch(/^ID\s+Type\s+Name\s+Folder\s+Created\s+Views\s+Leads\s+Link$/)
    for (const item of expected) {
      const folder = item.folder === '' ? '' : `${escape(item.folder)}\\s+`
      const line = `^${item.id}\\s+${item.docType}\\s+${escape(item.name)}\\s+${folder}${dateInCliZone(item.createdMs)}\\s+${grouped(item.views)}\\s+${grouped(item.leads)}\\s+${escape(link.get(item.id) ?? '?')}$`
      expect(human.stdout).toMatch(new RegExp(line, 'm'))
    }
    expect(human.stdout).toMatch(/^36 of 36 items$/m)

    expect(json.code).toBe(0)
    const all = jsonOf<ListJson>(json)
    expect(Object.keys(all).sort()).toEqual(['capped', 'items', 'total'])
    expect(all.total).toBe(36)
    expect(all.capped).toBe(false)
    expect(all.items.map((item) => item.id)).toEqual(expected.map((item) => item.id))
    for (const [index, item] of all.items.entries()) {
      const stored = expected[index] as StoredItem
      expect(Object.keys(item).sort()).toEqual(SUMMARY_KEYS)
      expect(item).toMatchObject({ name: stored.name, folder: stored.folder, docType: stored.docType, views: stored.views, leads: stored.leads })
      expect(Date.parse(item.createdOn ?? '')).toBe(Math.floor(stored.createdMs / 1000) * 1000)
    }

    expect(jsonOf<ListJson>(page2).items.map((item) => item.id)).toEqual(expected.slice(10, 20).map((item) => item.id))
    expect(jsonOf<ListJson>(page2).total).toBe(36)
    const reportNames = owned()
      .filter((item) => item.folder === 'Reports')
      .map((item) => item.name)
      .sort((a, b) => b.toLowerCase().localeCompare(a.toLowerCase()))
    expect(jsonOf<ListJson>(reports).items.map((item) => item.name)).toEqual(reportNames)
    expect(jsonOf<ListJson>(search).items.map((item) => item.name)).toEqual(['Annual Report 2024'])
  })

  it('says when the service capped the page size; --document lists on the document host', async () => {
    const before = emulator.state.requests.length
    const [capped, cappedJson, documents] = await inGroups([
      () => cli(['list', '--page-size', '500']),
      () => cli(['list', '--page-size', '500', '--json']),
      () => cli(['list', '--document', '--json'])
    ])
    expect(capped.code).toBe(0)
    expect(capped.stdout).toContain('The service capped the page size at 100 (you asked for 500)')
    expect(jsonOf<ListJson>(cappedJson)).toMatchObject({ total: 36, capped: true })
    expect(documents.code).toBe(0)
    expect(jsonOf<ListJson>(documents).total).toBe(36)
    const lists = emulator.state.requests.slice(before).filter((entry) => entry.path === '/api/list')
    expect(lists.map((entry) => entry.host).sort()).toEqual(['Document', 'Flipbook', 'Flipbook'])
  })

  it('bad usage exits 2 and names what is allowed, before any request', async () => {
    const before = requestsTo(/^\/api\//)
    const [sort, sortJson, page, both] = await inGroups([
      () => cli(['list', '--sort', 'Views']),
      () => cli(['list', '--sort', 'Views', '--json']),
      () => cli(['list', '--page', '0']),
      () => cli(['list', '--all', '--page', '2'])
    ])
    expect(sort.code).toBe(2)
    expect(sort.stdout).toBe('')
    for (const key of SORT_KEYS) expect(sort.stderr).toContain(key)
    expect(sortJson.code).toBe(2)
    expect(jsonOf<{ error: { exitCode: number } }>(sortJson).error.exitCode).toBe(2)
    expect(page.code).toBe(2)
    expect(page.stderr).toContain('--page takes a whole number')
    expect(both.code).toBe(2)
    expect(requestsTo(/^\/api\//)).toBe(before)
  })
})

describe('flipdrop get', { timeout: 60_000 }, () => {
  it('shows the details grouped, credentials only as set / not set, empty texts left out (but kept in JSON)', async () => {
    const locked = owned()[9] as StoredItem
    expect(locked.settings['Password']).toBe('open-sesame')
    await patchItem(emulator.baseUrl, locked.id, { Description: '', SaleGatewayKey: 'sk_live_hidden_42' })
    const [human, json] = await inGroups([() => cli(['get', String(locked.id)]), () => cli(['get', String(locked.id), '--json'])])
    expect(human.code).toBe(0)
    expect(human.stderr).toBe('')
    for (const title of ['Identity and links', 'Appearance', 'Sharing', 'Call to action', 'Password', 'Lead capture', 'Sale', 'Approval', 'Assistant']) {
      expect(human.stdout).toMatch(new RegExp(`^${title}$`, 'm'))
    }
    expect(human.stdout).toMatch(new RegExp(`^\\s+Name\\s+${escape(locked.name)}$`, 'm'))
    expect(human.stdout).toMatch(new RegExp(`^\\s+ID\\s+${locked.id}$`, 'm'))
    expect(human.stdout).toMatch(new RegExp(`^\\s+NoOfViews\\s+${locked.views}$`, 'm'))
    expect(human.stdout).toMatch(/^\s+IsPasswordProtected\s+yes$/m)
    expect(human.stdout).toMatch(/^\s+Password\s+set$/m)
    expect(human.stdout).toMatch(/^\s+SaleGatewayKey\s+set$/m)
    expect(human.stdout).toMatch(/^\s+SaleGatewaySecret\s+not set$/m)
    expect(human.stdout).not.toMatch(/^\s+Description\s/m)
    for (const secret of ['open-sesame', 'sk_live_hidden_42']) {
      expect(human.stdout).not.toContain(secret)
      expect(json.stdout).not.toContain(secret)
    }

    expect(json.code).toBe(0)
    const document = jsonOf<{ item: ItemDetails }>(json)
    expect(Object.keys(document)).toEqual(['item'])
    expect(Object.keys(document.item).sort()).toEqual(['groups', 'summary'])
    expect(document.item.summary).toMatchObject({ id: locked.id, name: locked.name, description: '' })
    expect(document.item.groups.map((group) => group.id)).toEqual([...DETAIL_GROUP_IDS])
    const fields = document.item.groups.flatMap((group) => group.fields)
    expect(fields).toContainEqual({ key: 'Description', value: '' })
    expect(fields).toContainEqual({ key: 'Password', credentialSet: true })
    expect(fields).toContainEqual({ key: 'SaleGatewayKey', credentialSet: true })
    expect(fields).toContainEqual({ key: 'AIKey', credentialSet: false })
  })

  it('finds an item by slug, viewer URL and custom-domain URL; not found exits 1 with the service message', async () => {
    const plain = owned()[0] as StoredItem
    const onDomain = owned()[6] as StoredItem
    expect(onDomain.cname).not.toBe('')
    const [bySlug, byUrl, byDomain, missing, missingSlug, missingJson] = await inGroups([
      () => cli(['get', plain.slug, '--json']),
      () => cli(['get', `${emulator.baseUrl}/view/${plain.slug}`, '--json']),
      () => cli(['get', `https://${onDomain.cname}/${onDomain.slug}`, '--json']),
      () => cli(['get', '999999']),
      () => cli(['get', 'no-such-slug-here']),
      () => cli(['get', '999999', '--json'])
    ])
    expect(jsonOf<{ item: ItemDetails }>(bySlug).item.summary.id).toBe(plain.id)
    expect(jsonOf<{ item: ItemDetails }>(byUrl).item.summary.id).toBe(plain.id)
    expect(jsonOf<{ item: ItemDetails }>(byDomain).item.summary.id).toBe(onDomain.id)
    for (const run of [missing, missingSlug]) {
      expect(run.code).toBe(1)
      expect(run.stdout).toBe('')
      expect(run.stderr).toContain('Item not found')
    }
    expect(missing.stderr).toContain('"999999"')
    expect(missingJson.code).toBe(1)
    expect(jsonOf<{ error: { message: string; exitCode: number } }>(missingJson).error).toMatchObject({ exitCode: 1, message: expect.stringContaining('Item not found') })
  })
})

/** The bytes the service's get-pdf URL points to. */
async function storedPdf(id: number): Promise<Buffer> {
  const { URL: url } = await serviceGet<{ URL: string }>(emulator.baseUrl, KEY, `/api/get-pdf/${id}`)
  return Buffer.from(await (await fetch(url)).arrayBuffer())
}

describe('flipdrop pdf', { timeout: 60_000 }, () => {
  it('downloads the stored PDF byte for byte, named after the item, and --json says where', async () => {
    const wrapped = owned()[4] as StoredItem
    expect(wrapped.mergedFileId).not.toBe('')
    const other = owned()[1] as StoredItem
    await patchItem(emulator.baseUrl, other.id, { Name: 'Q3: Plan/Final?' })
    const folder = await mkdtemp(join(files, 'named-'))
    const target = join(files, 'by-slug.pdf')
    const [human, json, sanitized] = await inGroups([
      () => cli(['pdf', String(wrapped.id), '-o', folder]),
      () => cli(['pdf', other.slug, '--output', target, '--json']),
      () => cli(['pdf', String(other.id), '-o', folder])
    ])
    const humanPath = join(folder, `${wrapped.name}.pdf`)
    expect(human.code).toBe(0)
    expect(human.stdout).toMatch(new RegExp(`^Saved ${escape(humanPath)} \\(\\d+(\\.\\d)? KB\\)\\n$`))
    expect(await readFile(humanPath)).toEqual(await storedPdf(wrapped.id))

    expect(json.code).toBe(0)
    const saved = jsonOf<{ path: string; bytes: number; itemId: number }>(json)
    const bytes = await storedPdf(other.id)
    expect(saved).toEqual({ path: target, bytes: bytes.length, itemId: other.id })
    expect(await readFile(target)).toEqual(bytes)

    expect(sanitized.code).toBe(0)
    expect((await readdir(folder)).sort()).toEqual([`${wrapped.name}.pdf`, 'Q3- Plan-Final-.pdf'].sort())
  })

  it('never overwrites without --force; a cut download leaves no file and no .part', async () => {
    const item = owned()[2] as StoredItem
    const folder = await mkdtemp(join(files, 'exists-'))
    const target = join(folder, 'kept.pdf')
    await writeFile(target, 'old content')
    const refused = await cli(['pdf', String(item.id), '-o', target])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain(`${target} already exists; add --force to overwrite it.`)
    expect(await readFile(target, 'utf8')).toBe('old content')
    const forced = await cli(['pdf', String(item.id), '-o', target, '--force'])
    expect(forced.code).toBe(0)
    expect(await readFile(target)).toEqual(await storedPdf(item.id))

    emulator.faults.add({ route: '/__files/', kind: 'reset-response', bytes: 1000 })
    const cut = await cli(['pdf', String(item.id), '-o', join(folder, 'cut.pdf')])
    expect(cut.code).toBe(1)
    expect(cut.stderr).toContain('could not be downloaded')
    expect(await readdir(folder)).toEqual(['kept.pdf'])

    const missing = await cli(['pdf', '999999', '-o', join(folder, 'none.pdf')])
    expect(missing.code).toBe(1)
    expect(missing.stderr).toContain('Item not found')
    expect(await readdir(folder)).toEqual(['kept.pdf'])
  })

  it('an interrupt (SIGINT) removes the .part file and exits 130', async () => {
    const item = owned()[3] as StoredItem
    const folder = await mkdtemp(join(files, 'interrupt-'))
    const target = join(folder, 'stalled.pdf')
    emulator.faults.add({ route: '/__files/', kind: 'stall' })
    const child = spawnCli(['pdf', String(item.id), '-o', target], await env())
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const exited = new Promise<number | null>((resolve) => child.once('close', resolve))
    const deadline = Date.now() + 20_000
    while (!existsSync(`${target}.part`) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
    expect(existsSync(`${target}.part`)).toBe(true)
    child.kill('SIGINT')
    expect(await exited).toBe(130)
    expect(stderr).toContain('flipdrop pdf: stopped (Ctrl+C). A partial file is removed')
    expect(await readdir(folder)).toEqual([])
    emulator.faults.clear()
  })
})

interface DuplicateJson {
  created: { id: number; url: string }[]
  error: string | null
}

describe('flipdrop duplicate', { timeout: 60_000 }, () => {
  it('makes the copies and prints each link; --json lists them', async () => {
    const source = owned()[0] as StoredItem
    const [human, json] = await inGroups([
      () => cli(['duplicate', String(source.id), '--count', '3']),
      () => cli(['duplicate', source.slug, '--json'])
    ])
    expect(human.code).toBe(0)
    const rows = human.stdout.split('\n').filter((line) => /^\d+\s+http/.test(line))
    expect(rows).toHaveLength(3)
    for (const row of rows) {
      const [id, url] = row.split(/\s+/)
      const copy = emulator.state.items.get(Number(id))
      expect(copy?.owner).toBe(KEY)
      expect(url).toBe(`${emulator.baseUrl}/view/${copy?.slug ?? '?'}`)
    }
    expect(human.stdout).toContain(`Made 3 copies of item ${source.id}.`)

    expect(json.code).toBe(0)
    const made = jsonOf<DuplicateJson>(json)
    expect(made.error).toBeNull()
    expect(made.created).toHaveLength(1)
    const copy = emulator.state.items.get(made.created[0]?.id ?? -1)
    expect(made.created[0]).toEqual({ id: copy?.id, url: `${emulator.baseUrl}/view/${copy?.slug ?? '?'}` })
  })

  it('a batch that fails after some copies prints those copies and the error, exit 1', async () => {
    const source = owned()[1] as StoredItem
    emulator.faults.add({ route: `/api/duplicate/${source.id}`, kind: 'status', status: 502, after: 1 })
    const json = await cli(['duplicate', String(source.id), '--count', '25', '--json'])
    expect(json.code).toBe(1)
    const made = jsonOf<DuplicateJson>(json)
    expect(made.created).toHaveLength(20)
    expect(made.error).toContain('HTTP 502')
    for (const copy of made.created) expect(emulator.state.items.get(copy.id)?.owner).toBe(KEY)

    emulator.faults.add({ route: `/api/duplicate/${source.id}`, kind: 'status', status: 502, after: 1 })
    const human = await cli(['duplicate', String(source.id), '--count', '25'])
    expect(human.code).toBe(1)
    expect(human.stdout.split('\n').filter((line) => /^\d+\s+http/.test(line))).toHaveLength(20)
    expect(human.stdout).toContain(`Made 20 of 25 copies of item ${source.id}; the other 5 were not made.`)
    expect(human.stderr).toContain('HTTP 502')
  })

  it('a bad --count exits 2 without a request; a missing item exits 1', async () => {
    const before = requestsTo(/^\/api\/duplicate\//)
    const runs = await inGroups([
      () => cli(['duplicate', '1001', '--count', '0']),
      () => cli(['duplicate', '1001', '--count', '501']),
      () => cli(['duplicate', '1001', '--count', 'two']),
      () => cli(['duplicate', '999999', '--id', '--json'])
    ])
    for (const run of runs.slice(0, 3)) {
      expect(run.code).toBe(2)
      expect(run.stderr).toContain('--count takes a whole number from 1 to 500')
    }
    const missing = runs[3]
    expect(missing.code).toBe(1)
    expect(jsonOf<DuplicateJson>(missing)).toEqual({ created: [], error: expect.stringContaining('Item not found') })
    expect(requestsTo(/^\/api\/duplicate\//)).toBe(before + 1)
  })
})
