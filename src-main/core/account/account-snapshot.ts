import { z } from 'zod'
import type { AccountSnapshot } from '../../../src-shared/domain/account'
import { createAccountFiles, parseJson } from './account-files'

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
 * The Account view's last answers, per account (`accounts/<account>/account-details.json` in
 * the data folder, private to the user): profile, plan and billing history, so they show
 * offline with their time, and switching accounts shows the other's at once. Public facts of
 * the account only: the key is never part of them.
 */
export interface AccountSnapshotStore {
  /** What is kept for `userId`; empty parts when there is nothing (or no account). */
  read(userId: string | null): Promise<AccountSnapshot>
  /** Keeps one part for `userId`, in its own file (never another account's); writes run one at a time. */
  keep<P extends SnapshotPart>(userId: string, part: P, value: SnapshotValue<P>, at: Date): Promise<void>
  /** Forgets what is kept for `userId` (signed out of it), after the writes in flight; the others stay. */
  forget(userId: string): Promise<void>
  /** Waits for the writes in flight. */
  close(): Promise<void>
}

export function createAccountSnapshotStore(directory: string): AccountSnapshotStore {
  const files = createAccountFiles(directory, 'account-details.json')
  /** What each account's file holds, once read (null: nothing usable). */
  const loaded = new Map<string, SnapshotFile | null>()
  let writing: Promise<void> = Promise.resolve()

  async function load(userId: string): Promise<SnapshotFile | null> {
    const known = loaded.get(userId)
    if (known !== undefined) return known
    const text = await files.read(userId)
    const parsed = text === null ? null : fileSchema.safeParse(parseJson(text))
    // An unreadable file is as good as none (the next answers write a new one); one naming another account is not this one's.
    const file = parsed?.success && parsed.data.userId === userId ? parsed.data : null
    loaded.set(userId, file)
    return file
  }

  /** One change at a time: one failed write must not stop the next ones. */
  function inTurn(change: () => Promise<void>): Promise<void> {
    const next = writing.then(change)
    writing = next.catch(() => undefined)
    return next
  }

  return {
    async read(userId) {
      const file = userId === null ? null : await load(userId)
      if (!file) return { ...EMPTY }
      return { profile: file.profile, plan: file.plan, payments: file.payments }
    },
    keep(userId, part, value, when) {
      return inTurn(async () => {
        const base: SnapshotFile = (await load(userId)) ?? { version: 1, userId, ...EMPTY }
        const updated = { ...base, [part]: { value, at: when.toISOString() } } as SnapshotFile
        await files.write(userId, `${JSON.stringify(updated)}\n`)
        loaded.set(userId, updated)
      })
    },
    forget(userId) {
      return inTurn(async () => {
        await files.forget(userId)
        loaded.set(userId, null)
      })
    },
    close: () => writing
  }
}
