import { readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import type { AccountSnapshot } from '../../../src-shared/domain/account'
import { writeFileDurably } from '../storage/durable-file'

const text = z.string().nullable()
const flag = z.boolean().nullable()
const limit = z.union([z.number(), z.literal('unlimited')]).nullable()
const quota = z.object({ docType: z.enum(['Flipbook', 'Document']), count: z.number(), max: z.number(), left: z.number() })
const at = z.iso.datetime({ offset: true })

const profile = z.object({ name: text, phone: text, profileImage: text })
const subscription = z.object({
  brandName: text,
  name: text,
  mobile: text,
  plan: text,
  fees: text,
  tax: text,
  subscriptionId: text,
  activeFrom: text,
  status: text,
  nextInvoice: text,
  email: text,
  photoImg: text,
  maxFileSizeBytes: z.number().nullable(),
  maxFileSizeMb: z.number().nullable(),
  maxCname: limit,
  advancedSharing: flag,
  leadEmailVerification: flag,
  isLtd: flag,
  maxItems: limit,
  quotas: z.object({ Flipbook: quota.optional(), Document: quota.optional() })
})
const payment = z.object({ orderId: text, amount: text, plan: text, date: text, invoiceUrl: text, itemCount: z.number().nullable() })

const fileSchema = z.object({
  version: z.literal(1),
  /** The account these were read for: another account never sees them. */
  userId: z.string(),
  profile: z.object({ value: profile, at }).nullable(),
  plan: z.object({ value: z.object({ subscription, documentHost: z.boolean() }), at }).nullable(),
  payments: z.object({ value: z.array(payment), at }).nullable()
})

type SnapshotFile = z.infer<typeof fileSchema>

/** The parts of the snapshot, each written when the service answered it. */
export type SnapshotPart = keyof AccountSnapshot

/** What one part holds: the profile, the plan view or the payments. */
export type SnapshotValue<P extends SnapshotPart> = NonNullable<AccountSnapshot[P]>['value']

const EMPTY: AccountSnapshot = { profile: null, plan: null, payments: null }

/**
 * The Account view's last answers (`account-details.json` in the data folder, private to the
 * user): profile, plan and billing history, for one account, so they show offline with their
 * time. Public facts of the account only: the key is never part of them.
 */
export interface AccountSnapshotStore {
  /** What is kept for `userId`; empty parts when there is nothing, or it belongs to another account. */
  read(userId: string | null): Promise<AccountSnapshot>
  /** Keeps one part for `userId` (another account's snapshot is replaced); writes run one at a time. */
  keep<P extends SnapshotPart>(userId: string, part: P, value: SnapshotValue<P>, at: Date): Promise<void>
  /** Forgets everything kept (signed out), after the writes in flight. */
  clear(): Promise<void>
  /** Waits for the writes in flight. */
  close(): Promise<void>
}

export function createAccountSnapshotStore(directory: string): AccountSnapshotStore {
  const path = join(directory, 'account-details.json')
  let loaded: SnapshotFile | null | undefined
  let writing: Promise<void> = Promise.resolve()

  async function load(): Promise<SnapshotFile | null> {
    if (loaded !== undefined) return loaded
    try {
      const parsed = fileSchema.safeParse(JSON.parse(await readFile(path, 'utf8')))
      // An unreadable file is as good as none: the next answers write a new one.
      loaded = parsed.success ? parsed.data : null
    } catch {
      loaded = null
    }
    return loaded
  }

  return {
    async read(userId) {
      const file = await load()
      if (!file || userId === null || file.userId !== userId) return { ...EMPTY }
      return { profile: file.profile, plan: file.plan, payments: file.payments }
    },
    keep(userId, part, value, when) {
      const next = writing.then(async () => {
        const file = await load()
        const base: SnapshotFile = file && file.userId === userId ? file : { version: 1, userId, ...EMPTY }
        const updated = { ...base, [part]: { value, at: when.toISOString() } } as SnapshotFile
        await writeFileDurably(path, `${JSON.stringify(updated)}\n`, { mode: 0o600 })
        loaded = updated
      })
      // One failed write must not stop the next ones.
      writing = next.catch(() => undefined)
      return next
    },
    clear() {
      const next = writing.then(async () => {
        await rm(path, { force: true })
        loaded = null
      })
      writing = next.catch(() => undefined)
      return next
    },
    close: () => writing
  }
}
