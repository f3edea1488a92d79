import { readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import type { ReferenceLists } from '../../../src-shared/domain/account'
import { writeFileDurably } from '../storage/durable-file'

const text = z.string().nullable()
const id = z.number().nullable()
const listsSchema = z.object({
  flipbookTemplates: z.array(z.object({ id, name: text })),
  documentTemplates: z.array(z.object({ id, name: text })),
  flipbookSkins: z.array(z.object({ id, name: text, imageUrl: text, thumbUrl: text })),
  documentSkins: z.array(z.object({ id, name: text, imageUrl: text, thumbUrl: text })),
  currencies: z.array(z.object({ name: text })),
  music: z.array(z.object({ name: text, fileUrl: text }))
})
const cachedSchema = z.object({
  version: z.literal(1),
  /** The account the lists were read for: templates include the account's own. */
  userId: z.string(),
  updatedAt: z.iso.datetime(),
  lists: listsSchema
})

/** The reference lists as last received, for one account. */
export type CachedReferences = z.infer<typeof cachedSchema>

/** The reference lists on disk (`references.json` in the data folder), so they show offline. */
export interface ReferenceCache {
  /** The cached lists, or null when there are none or the file is unreadable (then they are read again). */
  read(): Promise<CachedReferences | null>
  /** Replaces the cache durably: after a crash it holds the old lists or the new ones, never a mix. */
  write(userId: string, lists: ReferenceLists, updatedAt: Date): Promise<CachedReferences>
  clear(): Promise<void>
}

export function createReferenceCache(directory: string): ReferenceCache {
  const path = join(directory, 'references.json')
  return {
    async read() {
      try {
        const parsed = cachedSchema.safeParse(JSON.parse(await readFile(path, 'utf8')))
        return parsed.success ? parsed.data : null
      } catch {
        return null
      }
    },
    async write(userId, lists, updatedAt) {
      const cached: CachedReferences = { version: 1, userId, updatedAt: updatedAt.toISOString(), lists }
      await writeFileDurably(path, `${JSON.stringify(cached)}\n`, { mode: 0o600 })
      return cached
    },
    async clear() {
      await rm(path, { force: true })
    }
  }
}
