import { z } from 'zod'
import type { ReferenceLists } from '../../../src-shared/domain/account'
import { createAccountFiles, parseJson } from './account-files'

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

/**
 * The reference lists on disk, per account (`accounts/<account>/references.json` in the data
 * folder: templates include the account's own), so they show offline and at once on a switch.
 */
export interface ReferenceCache {
  /** The lists cached for `userId`, or null when there are none or the file is unreadable (then they are read again). */
  read(userId: string): Promise<CachedReferences | null>
  /** Replaces the account's cache durably: after a crash it holds the old lists or the new ones, never a mix. */
  write(userId: string, lists: ReferenceLists, updatedAt: Date): Promise<CachedReferences>
  /** Deletes the account's cache (signed out of it); the others stay. */
  forget(userId: string): Promise<void>
}

export function createReferenceCache(directory: string): ReferenceCache {
  const files = createAccountFiles(directory, 'references.json')
  return {
    async read(userId) {
      const text = await files.read(userId)
      const parsed = text === null ? null : cachedSchema.safeParse(parseJson(text))
      // A file naming another account is not this one's.
      return parsed?.success && parsed.data.userId === userId ? parsed.data : null
    },
    async write(userId, lists, updatedAt) {
      const cached: CachedReferences = { version: 1, userId, updatedAt: updatedAt.toISOString(), lists }
      await files.write(userId, `${JSON.stringify(cached)}\n`)
      return cached
    },
    forget: (userId) => files.forget(userId)
  }
}
