import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makePdf } from '../fixtures/make-pdf'
import { startEmulator, type RunningEmulator } from '../emulator'
import type { EmulatorOptionsInput } from '../options'
import { apiJson, download, KEY, rows, uploadJson, useEmulator } from './harness'

type Host = 'base' | 'document'

const NOT_FOUND = { Result: 'ERROR', Message: 'Item not found' }

async function create(emu: RunningEmulator, host: Host, name: string, pages = 1): Promise<{ id: number; pdf: Buffer }> {
  const pdf = await makePdf(pages, name)
  const { body } = await uploadJson(emu, { host, fields: { Name: name }, file: { name: `${name}.pdf`, bytes: pdf } })
  expect(body['Result'], JSON.stringify(body)).toBe('OK')
  return { id: Number(body['ID']), pdf }
}

async function nameOn(emu: RunningEmulator, host: Host, id: number): Promise<unknown> {
  const body = await apiJson(emu, 'GET', `/api/get/${String(id)}`, { host })
  return body['Result'] === 'OK' ? (body['Item'] as Record<string, unknown>)['Name'] : body
}

describe('separateHostIds: persistence in a data dir', () => {
  let dir = ''
  const running: RunningEmulator[] = []
  const start = async (options: EmulatorOptionsInput): Promise<RunningEmulator> => {
    const emu = await startEmulator({ dataDir: dir, keys: [KEY], log: () => undefined, ...options })
    running.push(emu)
    return emu
  }
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'flipdrop-hosts-'))
  })
  afterEach(async () => {
    await Promise.all(running.splice(0).map((e) => e.close()))
    await rm(dir, { recursive: true, force: true })
  })

  it('keeps both ID spaces and both counters across a restart; shared mode refuses that state', async () => {
    const first = await start({ separateHostIds: true })
    const flip = await create(first, 'base', 'Kept flip', 2)
    const doc = await create(first, 'document', 'Kept doc', 3)
    expect([flip.id, doc.id]).toEqual([1001, 1001])
    await first.close()

    const second = await start({ separateHostIds: true })
    expect(await nameOn(second, 'base', 1001)).toBe('Kept flip')
    expect(await nameOn(second, 'document', 1001)).toBe('Kept doc')
    const docUrl = String((await apiJson(second, 'GET', '/api/get-pdf/1001', { host: 'document' }))['URL'])
    expect(docUrl.startsWith(second.documentUrl)).toBe(true)
    expect((await download(docUrl)).bytes.equals(doc.pdf)).toBe(true)
    expect((await create(second, 'base', 'Next flip')).id).toBe(1002)
    expect((await create(second, 'document', 'Next doc')).id).toBe(1002)
    await second.close()

    await expect(start({})).rejects.toThrow(/separate IDs per host/)
  })

  it('loads state saved with shared IDs onto the host of each DocType', async () => {
    const shared = await start({})
    await create(shared, 'base', 'Old flip')
    await create(shared, 'document', 'Old doc')
    await shared.close()

    const separate = await start({ separateHostIds: true })
    expect(await nameOn(separate, 'base', 1001)).toBe('Old flip')
    expect(await nameOn(separate, 'document', 1002)).toBe('Old doc')
    expect(await nameOn(separate, 'document', 1001)).toEqual(NOT_FOUND)
    expect(await nameOn(separate, 'base', 1002)).toEqual(NOT_FOUND)
    // Both counters continue after the shared one, so no old ID is handed out again.
    expect((await create(separate, 'document', 'New doc')).id).toBe(1003)
    expect((await create(separate, 'base', 'New flip')).id).toBe(1003)
  })
})

describe('separateHostIds: admin endpoints, seeding and reset', () => {
  const emu = useEmulator({ separateHostIds: true })
  const admin = (origin: string, path: string, init?: RequestInit): Promise<Response> => fetch(`${origin}/__emulator${path}`, init)

  it('seeds each item on the host of its DocType; PATCH and the state view name the host', async () => {
    const res = await admin(emu().baseUrl, '/items', { method: 'POST', body: JSON.stringify({ count: 20 }) })
    const added = (await res.json()) as { ids: number[]; items: Array<{ ID: number; Host: Host }> }
    expect(added.items).toHaveLength(20)
    const onDocument = added.items.filter((i) => i.Host === 'document').map((i) => i.ID)
    expect(onDocument.length).toBeGreaterThan(0)
    expect(onDocument[0]).toBe(1001)
    for (const { ID, Host } of added.items) expect(emu().state.itemOn(Host, ID)?.docType).toBe(Host === 'document' ? 'Document' : 'Flipbook')
    const listed = await apiJson(emu(), 'GET', '/api/list?PageSize=100', { host: 'document' })
    expect(listed['TotalItems']).toBe(onDocument.length)
    expect(new Set(rows(listed).map((r) => r['DocType']))).toEqual(new Set(['Document']))

    const baseName = await nameOn(emu(), 'base', 1001)
    const patched = await admin(emu().documentUrl, '/items/1001', { method: 'PATCH', body: JSON.stringify({ Name: 'Patched doc' }) })
    expect(patched.status).toBe(200)
    expect(await nameOn(emu(), 'document', 1001)).toBe('Patched doc')
    expect(await nameOn(emu(), 'base', 1001)).toBe(baseName)

    const state = (await (await admin(emu().baseUrl, '/state')).json()) as { options: Record<string, unknown>; items: Array<Record<string, unknown>> }
    expect(state.options['separateHostIds']).toBe(true)
    expect(state.items.filter((i) => i['ID'] === 1001).map((i) => [i['Host'], i['DocType']])).toEqual([
      ['base', 'Flipbook'],
      ['document', 'Document']
    ])
  })

  it('reset empties both hosts and starts both counters at 1001 again', async () => {
    await create(emu(), 'document', 'Before reset')
    expect((await admin(emu().baseUrl, '/reset', { method: 'POST', body: JSON.stringify({ seed: false }) })).status).toBe(200)
    expect(emu().state.allItems()).toEqual([])
    expect((await create(emu(), 'document', 'After reset')).id).toBe(1001)
    expect((await create(emu(), 'base', 'After reset')).id).toBe(1001)
  })
})

describe('shared IDs (the default): the host-aware reads agree with state.items', () => {
  const emu = useEmulator()

  it('itemOn sees every item on both hosts; state.items and the state view are as before', async () => {
    const flip = await create(emu(), 'base', 'Shared flip')
    const doc = await create(emu(), 'document', 'Shared doc')
    expect([flip.id, doc.id]).toEqual([1001, 1002])
    const { state } = emu()
    expect(state.separateHostIds).toBe(false)
    expect(state.itemOn('document', 1001)).toBe(state.items.get(1001))
    expect(state.itemOn('base', 1002)).toBe(state.items.get(1002))
    expect(state.allItems()).toEqual([...state.items.values()])
    expect(state.allItems().map((i) => state.hostOf(i))).toEqual(['base', 'document'])
    expect(await nameOn(emu(), 'document', 1001)).toBe('Shared flip')
    const view = emu().snapshot() as { items: Array<Record<string, unknown>> }
    expect(view.items.map((i) => Object.keys(i).includes('Host'))).toEqual([false, false])
  })
})
