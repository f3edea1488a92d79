import { createHmac, randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import type { Account } from '../../../src-shared/domain/service/account'
import type { Logger } from '../log'
import { writeFileDurably } from '../storage/durable-file'

/** What FlipDrop remembers of an account it has seen: enough to name and show it offline, never its key. */
export interface KnownAccount {
  userId: string
  name: string | null
  email: string | null
  brand: string | null
  vendorId: string | null
  appUrl: string | null
  maxFileSizeMb: number | null
  /** The profile picture's address, once a profile was read. */
  profileImage: string | null
  /** When whoami last confirmed it (epoch ms). */
  seenAt: number
  /** Keyed fingerprints of the keys the service confirmed as this account's; never a key. */
  keyPrints: string[]
}

const FILE_NAME = 'accounts.json'

const text = z.string().nullable()
const accountSchema = z.object({
  userId: z.string().min(1),
  name: text,
  email: text,
  brand: text,
  // Version 1 kept only the names; the rest is learned again at the next whoami.
  vendorId: text.default(null),
  appUrl: text.default(null),
  maxFileSizeMb: z.number().nullable().default(null),
  profileImage: text.default(null),
  seenAt: z.number(),
  /** Fingerprints of the keys the service confirmed as this account's (see `rememberKey`). */
  keyPrints: z.array(z.string()).default([])
})
const fileSchema = z.object({
  version: z.union([z.literal(1), z.literal(2)]),
  /** The account the app shows and new work goes to. */
  current: text.default(null),
  /** The salt of the key fingerprints; made on first use. */
  salt: text.default(null),
  accounts: z.array(accountSchema)
})

/**
 * Every account whoami confirmed on this computer, by UserID, and which one is current.
 * Jobs, links and hot folders record only the UserID they were made for; this book turns it
 * back into words ("waiting for Dana Kim (dana@northwind.example) to sign in"), also after
 * that account signed out, and shows an account's name and plan at once while offline.
 */
export interface KnownAccounts {
  get(userId: string): KnownAccount | undefined
  all(): KnownAccount[]
  /** The account as whoami last answered for it (for showing it offline), or null. */
  account(userId: string): Account | null
  /** Records (or refreshes) an account whoami just confirmed. */
  remember(account: Account): Promise<void>
  /** Records the profile picture read for an account; true when it changed. */
  rememberImage(userId: string, profileImage: string | null): Promise<boolean>
  /**
   * Remembers that the service confirmed `key` as this account's, as a keyed fingerprint (an
   * HMAC under this data folder's own random salt: the key itself is never written).
   */
  rememberKey(userId: string, key: string): Promise<void>
  /** The account the service confirmed this very key for before, or null: never a guess. */
  whoseKey(key: string): string | null
  /** The account chosen as current (it may have signed out since). */
  current(): string | null
  setCurrent(userId: string | null): Promise<void>
  /** "Dana Kim (dana@…)" for people; a neutral phrase when the account was never seen. */
  describe(userId: string | null): string
}

const fingerprint = (salt: string, key: string): string => createHmac('sha256', salt).update(key).digest('hex').slice(0, 32)

/** Opens `accounts.json` in the data folder; a missing or damaged file is an empty book (it is only a name cache). */
export async function openKnownAccounts(dataDir: string, log: Logger): Promise<KnownAccounts> {
  const path = join(dataDir, FILE_NAME)
  const accounts = new Map<string, KnownAccount>()
  let current: string | null = null
  let salt: string | null = null
  try {
    const parsed = fileSchema.safeParse(JSON.parse(await readFile(path, 'utf8')))
    if (parsed.success) {
      for (const account of parsed.data.accounts) accounts.set(account.userId, account)
      current = parsed.data.current
      salt = parsed.data.salt
    } else log.warn(`${FILE_NAME} is damaged; account names are learned again as accounts sign in`)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') log.warn(`${FILE_NAME} could not be read`, error instanceof Error ? error.message : error)
  }
  let writing: Promise<void> = Promise.resolve()
  function save(): Promise<void> {
    const body = `${JSON.stringify({ version: 2, current, salt, accounts: [...accounts.values()] }, null, 1)}\n`
    writing = writing.then(() =>
      writeFileDurably(path, body, { mode: 0o600 }).catch((error: unknown) => log.warn(`${FILE_NAME} could not be saved`, error))
    )
    return writing
  }

  return {
    get: (userId) => accounts.get(userId),
    all: () => [...accounts.values()],
    account(userId) {
      const known = accounts.get(userId)
      if (!known) return null
      const { name, email, brand, vendorId, appUrl, maxFileSizeMb } = known
      return { userId, name, email, brand, vendorId, appUrl, maxFileSizeMb }
    },
    async remember(account) {
      if (!account.userId) return
      const before = accounts.get(account.userId)
      const next: KnownAccount = {
        userId: account.userId,
        name: account.name,
        email: account.email,
        brand: account.brand,
        vendorId: account.vendorId,
        appUrl: account.appUrl,
        maxFileSizeMb: account.maxFileSizeMb,
        profileImage: before?.profileImage ?? null,
        seenAt: Date.now(),
        keyPrints: before?.keyPrints ?? []
      }
      accounts.set(account.userId, next)
      // Only a changed fact is worth a write; seenAt alone is not.
      const same = (['name', 'email', 'brand', 'vendorId', 'appUrl', 'maxFileSizeMb'] as const).every((field) => before?.[field] === next[field])
      if (before && same) return
      await save()
    },
    async rememberImage(userId, profileImage) {
      const known = accounts.get(userId)
      if (!known || known.profileImage === profileImage) return false
      accounts.set(userId, { ...known, profileImage })
      await save()
      return true
    },
    async rememberKey(userId, key) {
      salt ??= randomBytes(16).toString('hex')
      const print = fingerprint(salt, key)
      let changed = false
      for (const known of accounts.values()) {
        // A key is one account's: a print kept under another account is out of date.
        const mine = known.userId === userId
        const has = known.keyPrints.includes(print)
        if (mine === has) continue
        known.keyPrints = mine ? [...known.keyPrints, print].slice(-4) : known.keyPrints.filter((entry) => entry !== print)
        changed = true
      }
      if (changed) await save()
    },
    whoseKey(key) {
      if (salt === null) return null
      const print = fingerprint(salt, key)
      return [...accounts.values()].find((known) => known.keyPrints.includes(print))?.userId ?? null
    },
    current: () => current,
    async setCurrent(userId) {
      if (current === userId) return
      current = userId
      await save()
    },
    describe(userId) {
      const known = userId === null ? undefined : accounts.get(userId)
      if (!known) return 'the account it was added for'
      if (known.name && known.email) return `${known.name} (${known.email})`
      return known.name ?? known.email ?? 'the account it was added for'
    }
  }
}
