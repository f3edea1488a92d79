import { readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import type { Account } from '../../../src-shared/domain/service/account'
import { writeFileDurably } from '../storage/durable-file'

const text = z.string().nullable()
const accountSchema = z.object({
  userId: text,
  vendorId: text,
  name: text,
  email: text,
  brand: text,
  appUrl: text,
  maxFileSizeMb: z.number().nullable()
})

/**
 * The last account whoami returned, so the header can show who is signed in while offline.
 * Public facts only: the key is never part of it.
 */
export interface AccountCache {
  read(): Promise<Account | null>
  write(account: Account): Promise<void>
  clear(): Promise<void>
}

/** The account cache in `account.json` of the data folder, private to the user and written durably. */
export function createAccountCache(directory: string): AccountCache {
  const path = join(directory, 'account.json')
  return {
    async read() {
      try {
        const parsed = accountSchema.safeParse(JSON.parse(await readFile(path, 'utf8')))
        return parsed.success ? parsed.data : null
      } catch {
        return null
      }
    },
    async write(account) {
      await writeFileDurably(path, `${JSON.stringify(account, null, 2)}\n`, { mode: 0o600 })
    },
    async clear() {
      await rm(path, { force: true })
    }
  }
}
