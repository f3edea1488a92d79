import type { IncomingMessage } from 'node:http'
import { z } from 'zod'
import { faultSpecSchema } from './faults'
import type { Exchange } from './http/exchange'
import type { JsonValue } from './http/envelope'
import type { ServerEnv } from './http/route-context'
import { parseItemId, isViewerSetting } from './routes/item-helpers'
import { buildFullRecord } from './state/item-record'
import type { ItemHost } from './state/item-space'
import type { StoredItem } from './state/types'

/** What the admin endpoints need beyond the shared env. */
export interface AdminHooks {
  reset: (seed?: boolean | number) => Promise<void>
  seed: (count: number, key: string) => Promise<StoredItem[]>
  snapshot: () => Record<string, unknown>
}

const MAX_ADMIN_BODY = 1024 * 1024

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  let total = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    total += chunk.length
    if (total > MAX_ADMIN_BODY) throw new Error('Body too large')
    chunks.push(chunk)
  }
  const text = Buffer.concat(chunks).toString('utf8').trim()
  return text === '' ? {} : (JSON.parse(text) as unknown)
}

function reply(ex: Exchange, status: number, body: unknown): void {
  ex.send(status, { 'Content-Type': 'application/json; charset=utf-8' }, Buffer.from(JSON.stringify(body)))
}

const resetSchema = z.object({ seed: z.union([z.boolean(), z.number().int().nonnegative()]).optional() }).strict()
const seedSchema = z.object({ count: z.number().int().min(1).max(100_000), key: z.string().optional() }).strict()

/** Item fields admin may set besides viewer settings, with their setters. */
const ITEM_FIELDS: Record<string, (item: StoredItem, v: unknown) => boolean> = {
  Name: (i, v) => typeof v === 'string' && ((i.name = v), true),
  Title: (i, v) => typeof v === 'string' && ((i.title = v), true),
  Description: (i, v) => typeof v === 'string' && ((i.description = v), true),
  Folder: (i, v) => typeof v === 'string' && ((i.folder = v), true),
  CNAME: (i, v) => typeof v === 'string' && ((i.cname = v), true),
  ValidTillDate: (i, v) => typeof v === 'string' && ((i.validTillDate = v), true),
  CreatedMs: (i, v) => typeof v === 'number' && ((i.createdMs = v), true),
  NoOfViews: (i, v) => typeof v === 'number' && ((i.views = v), true),
  NoOfLeads: (i, v) => typeof v === 'number' && ((i.leads = v), true),
  NoOfSales: (i, v) => typeof v === 'number' && ((i.sales = v), true),
  NoOfApprovals: (i, v) => typeof v === 'number' && ((i.approvals = v), true),
  IsStarred: (i, v) => typeof v === 'boolean' && ((i.isStarred = v), true),
  IsTemplate: (i, v) => typeof v === 'boolean' && ((i.isTemplate = v), true),
  IsActive: (i, v) => typeof v === 'boolean' && ((i.isActive = v), true),
  IsPublished: (i, v) => typeof v === 'boolean' && ((i.isPublished = v), true)
}

function patchItem(env: ServerEnv, item: StoredItem, patch: Record<string, unknown>): string[] {
  const rejected: string[] = []
  for (const [key, value] of Object.entries(patch)) {
    const setter = ITEM_FIELDS[key]
    if (setter) {
      if (!setter(item, value)) rejected.push(key)
      continue
    }
    const isSetting = isViewerSetting(item.docType, key)
    const current = buildFullRecord(item, '', env.record)[key]
    if (isSetting && typeof value === typeof current && (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')) {
      item.settings[key] = value
    } else rejected.push(key)
  }
  env.state.changed()
  return rejected
}

/**
 * Test-only endpoints under /__emulator/ (no key): state, reset, faults, seeding and item edits.
 * They answer plain JSON (not the service envelope) and 4xx on bad input. With `separateHostIds`
 * an item ID is one of the host the admin request was sent to, as in the API.
 */
export async function serveAdmin(env: ServerEnv, hooks: AdminHooks, ex: Exchange, path: string, host: ItemHost): Promise<void> {
  const method = ex.req.method ?? 'GET'
  const sub = path.slice('/__emulator'.length)
  try {
    if (sub === '/state' && method === 'GET') return reply(ex, 200, hooks.snapshot())
    if (sub === '/reset' && method === 'POST') {
      const body = resetSchema.parse(await readJson(ex.req))
      await hooks.reset(body.seed)
      return reply(ex, 200, { ok: true })
    }
    if (sub === '/faults') {
      if (method === 'GET') return reply(ex, 200, { faults: env.faults.list() })
      if (method === 'DELETE') {
        env.faults.clear()
        return reply(ex, 200, { ok: true })
      }
      if (method === 'POST') {
        const body = await readJson(ex.req)
        const specs = z.union([faultSpecSchema, z.array(faultSpecSchema)]).parse(body)
        return reply(ex, 200, { added: env.faults.add(specs) })
      }
    }
    if (sub === '/items' && method === 'POST') {
      const body = seedSchema.parse(await readJson(ex.req))
      const key = body.key ?? env.options.keys[0] ?? ''
      if (!env.state.accountOf(key)) return reply(ex, 400, { error: 'Unknown key' })
      const items = await hooks.seed(body.count, key)
      const ids = items.map((i) => i.id)
      // Seeded Documents go to the document host; with separate IDs the IDs alone are ambiguous.
      if (!env.state.separateHostIds) return reply(ex, 200, { ok: true, ids })
      return reply(ex, 200, { ok: true, ids, items: items.map((i) => ({ ID: i.id, Host: env.state.hostOf(i) })) })
    }
    const itemPath = /^\/items\/([^/]+)$/.exec(sub)
    if (itemPath && method === 'PATCH') {
      const id = parseItemId(itemPath[1])
      const item = id === undefined ? undefined : env.state.itemOn(host, id)
      if (!item) return reply(ex, 404, { error: 'No such item' })
      const patch = z.record(z.string(), z.unknown()).parse(await readJson(ex.req))
      const rejected = patchItem(env, item, patch)
      const record = buildFullRecord(item, env.state.accountOf(item.owner)?.vendorId ?? '', env.record)
      return reply(ex, rejected.length > 0 ? 400 : 200, { rejected, item: record as Record<string, JsonValue> })
    }
    reply(ex, 404, { error: `No admin endpoint ${method} ${path}` })
  } catch (err) {
    reply(ex, 400, { error: err instanceof Error ? err.message : String(err) })
  }
}
