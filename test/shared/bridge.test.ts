import { describe, expect, it } from 'vitest'
import { listEventChannels, listInvokeChannels } from '../../src-shared/contract'
import { createFlipdropApi } from '../../src-shared/contract/bridge'
import { createDispatch } from '../../src-main/ipc/dispatch'
import { handlersOf } from '../../src-main/ipc/handler-table'
import { memoryTransport } from '../support/memory-transport'
import { createTestCore } from '../support/test-core'

async function realBridge() {
  const { booted } = await createTestCore()
  const wire = memoryTransport(createDispatch(handlersOf(booted), booted.log))
  return { wire, api: createFlipdropApi(wire.transport, (file: { name: string }) => `/drops/${file.name}`) }
}

describe('createFlipdropApi', () => {
  it('exposes exactly the contract: one method per invoke, onX per event, plus the file lookups', async () => {
    const { api } = await realBridge()
    const expected = new Map<string, string[]>()
    for (const { area, method } of listInvokeChannels()) expected.set(area, [...(expected.get(area) ?? []), method])
    for (const { area, method } of listEventChannels()) {
      expected.set(area, [...(expected.get(area) ?? []), `on${method[0]?.toUpperCase()}${method.slice(1)}`])
    }
    expect(Object.keys(api).sort()).toEqual([...expected.keys(), 'filePicker', 'getPathForFile', 'pathsForFiles'].sort())
    for (const [area, methods] of expected) {
      expect(Object.keys(api[area as keyof typeof api]).sort()).toEqual(methods.sort())
    }
  })

  it('is frozen, so the page cannot add or swap methods', async () => {
    const { api } = await realBridge()
    expect(Object.isFrozen(api)).toBe(true)
    expect(Object.isFrozen(api.app)).toBe(true)
  })

  it('round-trips a call through the real dispatch', async () => {
    const { api } = await realBridge()
    await expect(api.app.info()).resolves.toMatchObject({ ok: true, value: { name: 'FlipDrop', version: '9.9.9' } })
  })

  it('delivers events and stops after unsubscribe', async () => {
    const { api, wire } = await realBridge()
    const seen: string[] = []
    const stop = api.app.onNavigate((view) => seen.push(view))
    wire.fire('app:navigate', 'library')
    stop()
    wire.fire('app:navigate', 'account')
    expect(seen).toEqual(['library'])
    expect(wire.listenerCount('app:navigate')).toBe(0)
  })

  it('turns a broken transport into an internal error envelope instead of throwing', async () => {
    const api = createFlipdropApi(
      { invoke: () => Promise.reject(new Error('pipe closed')), subscribe: () => () => {} },
      () => ''
    )
    await expect(api.app.info()).resolves.toEqual({
      ok: false,
      error: { code: 'internal', message: 'FlipDrop lost touch with its main process.' }
    })
  })

  it('refuses a reply that is not an envelope', async () => {
    const api = createFlipdropApi({ invoke: async () => 'surprise', subscribe: () => () => {} }, () => '')
    await expect(api.app.info()).resolves.toMatchObject({ ok: false, error: { code: 'internal' } })
  })

  it('passes dropped files to the path lookup it was given', async () => {
    const { api } = await realBridge()
    expect(api.getPathForFile({ name: 'brochure.pdf' })).toBe('/drops/brochure.pdf')
  })

  it('without page files (the app), pathsForFiles is the path lookup of each file and main shows the file dialog', async () => {
    const { api } = await realBridge()
    await expect(api.pathsForFiles([{ name: 'a.pdf' }, { name: 'b.pdf' }])).resolves.toEqual(['/drops/a.pdf', '/drops/b.pdf'])
    expect(api.filePicker).toBe('main')
  })

  it('with page files (the test host), both come from the host', async () => {
    const copied: string[] = []
    const api = createFlipdropApi({ invoke: async () => ({ ok: true }), subscribe: () => () => {} }, () => '', {
      pathsForFiles: async (files: readonly { name: string }[]) => files.map((file) => (copied.push(file.name), `/host/${file.name}`)),
      filePicker: 'page'
    })
    await expect(api.pathsForFiles([{ name: 'c.pdf' }])).resolves.toEqual(['/host/c.pdf'])
    expect(copied).toEqual(['c.pdf'])
    expect(api.filePicker).toBe('page')
  })
})
