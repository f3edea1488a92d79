import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import type { Account } from '../../../src-shared/domain/service/account'
import type { Logger } from '../log'
import { writeFileDurably } from '../storage/durable-file'

/** What FlipDrop remembers of an account it has seen: enough to name it, never its key. */
export interface KnownAccount {
  userId: string
  name: string | null
  email: string | null
  brand: string | null
  /** When whoami last confirmed it (epoch ms). */
  seenAt: number
}

const FILE_NAME = 'accounts.json'

const fileSchema = z.object({
  version: z.literal(1),
  accounts: z.array(
    z.object({
      userId: z.string().min(1),
      name: z.string().nullable(),
      email: z.string().nullable(),
      brand: z.string().nullable(),
      seenAt: z.number()
    })
  )
})

/**
 * Every account whoami confirmed on this computer, by UserID. Jobs, links and hot folders
 * record only the UserID they were made for; this book turns it back into words ("waiting
 * for Dana Kim (dana@northwind.example) to sign in"), also after that account signed out.
 */
export interface KnownAccounts {
  get(userId: string): KnownAccount | undefined
  all(): KnownAccount[]
  /** Records (or refreshes) an account whoami just confirmed. */
  remember(account: Account): Promise<void>
  /** "Dana Kim (dana@…)" for people; a neutral phrase when the account was never seen. */
  describe(userId: string | null): string
}

/** Opens `accounts.json` in the data folder; a missing or damaged file is an empty book (it is only a name cache). */
export async function openKnownAccounts(dataDir: string, log: Logger): Promise<KnownAccounts> {
  const path = join(dataDir, FILE_NAME)
  const accounts = new Map<string, KnownAccount>()
  try {
    const parsed = fileSchema.safeParse(JSON.parse(await readFile(path, 'utf8')))
    if (parsed.success) for (const account of parsed.data.accounts) accounts.set(account.userId, account)
    else log.warn(`${FILE_NAME} is damaged; account names are learned again as accounts sign in`)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') log.warn(`${FILE_NAME} could not be read`, error instanceof Error ? error.message : error)
  }
  let writing: Promise<void> = Promise.resolve()

  return {
    get: (userId) => accounts.get(userId),
    all: () => [...accounts.values()],
    async remember(account) {
      if (!account.userId) return
      const before = accounts.get(account.userId)
      const next: KnownAccount = { userId: account.userId, name: account.name, email: account.email, brand: account.brand, seenAt: Date.now() }
      accounts.set(account.userId, next)
      // Only a changed name, email or brand is worth a write; seenAt alone is not.
      if (before && before.name === next.name && before.email === next.email && before.brand === next.brand) return
      const body = `${JSON.stringify({ version: 1, accounts: [...accounts.values()] }, null, 1)}\n`
      writing = writing.then(() =>
        writeFileDurably(path, body, { mode: 0o600 }).catch((error: unknown) => log.warn(`${FILE_NAME} could not be saved`, error))
      )
      await writing
    },
    describe(userId) {
      const known = userId === null ? undefined : accounts.get(userId)
      if (!known) return 'the account it was added for'
      if (known.name && known.email) return `${known.name} (${known.email})`
      return known.name ?? known.email ?? 'the account it was added for'
    }
  }
}
