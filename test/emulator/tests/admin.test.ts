import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { startEmulator } from '../index'
import { apiJson, KEY, OTHER_KEY, useEmulator } from './harness'

describe('admin endpoints under /__emulator/', () => {
  const emu = useEmulator({ seed: 12 })
  const admin = (path: string, init?: RequestInit): Promise<Response> => fetch(`${emu().baseUrl}/__emulator${path}`, init)

  it('GET state shows accounts, items, rate windows and requests, and never the API keys', async () => {
    await apiJson(emu(), 'GET', '/api/whoami')
    const res = await admin('/state')
    const text = await res.text()
    expect(res.status).toBe(200)
    expect(text).not.toContain(KEY)
    expect(text).not.toContain(OTHER_KEY)
    const state = JSON.parse(text) as Record<string, unknown[]>
    expect(state['items']).toHaveLength(12)
    expect(state['accounts']).toHaveLength(2)
    expect((state['rateWindows'] ?? []).length).toBeGreaterThan(0)
    expect(state['requests']).toContainEqual(expect.objectContaining({ path: '/api/whoami', status: 200 }))
  })

  it('POST items adds sample items; PATCH items/{id} sets record fields of the right type', async () => {
    const added = (await (await admin('/items', { method: 'POST', body: JSON.stringify({ count: 40, key: OTHER_KEY }) })).json()) as { ids: number[] }
    expect(added.ids).toHaveLength(40)
    expect((await apiJson(emu(), 'GET', '/api/list', { key: OTHER_KEY }))['TotalItems']).toBe(40)
    const id = added.ids[0] ?? 0
    const ok = await admin(`/items/${String(id)}`, { method: 'PATCH', body: JSON.stringify({ NoOfViews: 777, IsCTAButton: true, CTAButtonURL: 'https://x.example' }) })
    expect(ok.status).toBe(200)
    const item = (await apiJson(emu(), 'GET', `/api/get/${String(id)}`, { key: OTHER_KEY }))['Item'] as Record<string, unknown>
    expect(item).toMatchObject({ NoOfViews: 777, IsCTAButton: true, CTAButtonURL: 'https://x.example' })
    const bad = await admin(`/items/${String(id)}`, { method: 'PATCH', body: JSON.stringify({ IsPrint: 'yes', Nonsense: 1 }) })
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as { rejected: string[] }).rejected).toEqual(['IsPrint', 'Nonsense'])
    expect((await admin('/items/999999', { method: 'PATCH', body: '{}' })).status).toBe(404)
  })

  it('POST reset empties everything (and seeds when asked); bad input is a 4xx, never a crash', async () => {
    expect((await admin('/reset', { method: 'POST', body: JSON.stringify({ seed: false }) })).status).toBe(200)
    expect((await apiJson(emu(), 'GET', '/api/list'))['TotalItems']).toBe(0)
    expect(emu().state.requests.every((r) => r.path === '/api/list')).toBe(true)
    expect((await admin('/reset', { method: 'POST' })).status).toBe(200)
    expect((await apiJson(emu(), 'GET', '/api/list'))['TotalItems']).toBe(12)
    expect((await admin('/reset', { method: 'POST', body: '{not json' })).status).toBe(400)
    expect((await admin('/reset', { method: 'POST', body: JSON.stringify({ wipe: true }) })).status).toBe(400)
    expect((await admin('/nothing')).status).toBe(404)
    expect(emu().state.internalErrors).toEqual([])
  })
})

describe('startEmulator (programmatic)', () => {
  it('returns URLs, state, faults, reset/seed/snapshot and close; a data dir keeps state', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'flipdrop-emu-'))
    try {
      const first = await startEmulator({ dataDir: dir, seed: true, log: () => undefined })
      expect(first.state.items.size).toBe(36)
      const folders = new Set([...first.state.items.values()].map((i) => i.folder))
      expect(folders.size).toBeGreaterThanOrEqual(4)
      const extra = await first.seed(3)
      expect(extra).toHaveLength(3)
      expect((first.snapshot()['items'] as unknown[]).length).toBe(39)
      await first.close()
      const second = await startEmulator({ dataDir: dir, seed: true, log: () => undefined })
      expect(second.state.items.size).toBe(39)
      expect(second.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      await second.reset(false)
      expect(second.state.items.size).toBe(0)
      await second.close()
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('rejects invalid options', async () => {
    await expect(startEmulator({ rateLimit: { limit: 0, windowSeconds: 60 } })).rejects.toThrow()
    await expect(startEmulator({ keys: [] })).rejects.toThrow()
  })
})

describe('startEmulator on a port in use', () => {
  it('rejects and releases the other listener', async () => {
    const first = await startEmulator({ log: () => undefined })
    try {
      const port = Number(new URL(first.baseUrl).port)
      await expect(startEmulator({ port: 0, documentPort: port, log: () => undefined })).rejects.toThrow(/EADDRINUSE/)
    } finally {
      await first.close()
    }
  })
})
