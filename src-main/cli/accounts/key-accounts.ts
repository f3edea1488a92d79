import type { AccountEntry } from '../../../src-shared/domain/auth'
import type { Account } from '../../../src-shared/domain/service/account'
import type { KnownAccounts } from '../../core/accounts/known-accounts'
import type { HeldKey } from '../../core/auth/key-ring'

/** One key the command holds, and the account it is believed to be. Never shown with its key. */
export interface KeyAccount {
  readonly held: HeldKey
  /** Its UserID: whoami's answer in this run, else its keychain entry's; null when nothing says (FLIPDROP_API_KEY, an old entry). */
  readonly userId: string | null
  readonly name: string | null
  readonly email: string | null
  readonly brand: string | null
  readonly profileImage: string | null
  /** Nothing FlipDrop keeps names it: only the service can say whose it is. */
  readonly unnamed: boolean
}

/**
 * Each key with its account's names: what whoami answered in this run (`learned`, by key),
 * else what FlipDrop remembers of the account its keychain entry is filed under.
 */
export function keyAccounts(keys: readonly HeldKey[], known: KnownAccounts, learned: ReadonlyMap<string, Account>): KeyAccount[] {
  return keys.map((held) => {
    const answer = learned.get(held.key)
    if (answer?.userId) {
      const { userId, name, email, brand } = answer
      return { held, userId, name, email, brand, profileImage: known.get(userId)?.profileImage ?? null, unnamed: false }
    }
    const remembered = held.accountId === null ? undefined : known.get(held.accountId)
    return {
      held,
      userId: held.accountId,
      name: remembered?.name ?? null,
      email: remembered?.email ?? null,
      brand: remembered?.brand ?? null,
      profileImage: remembered?.profileImage ?? null,
      unnamed: remembered === undefined
    }
  })
}

/**
 * The signed-in accounts as `resolveAccount` reads them: one per UserID (a key named by
 * nothing is left out: no choice can name it), `current` for `currentId`.
 */
export function signedInEntries(accounts: readonly KeyAccount[], currentId: string | null): AccountEntry[] {
  const entries: AccountEntry[] = []
  for (const account of accounts) {
    const { userId } = account
    if (userId === null || entries.some((entry) => entry.userId === userId)) continue
    const { name, email, brand, profileImage } = account
    entries.push({ userId, name, email, brand, profileImage, current: userId === currentId, signedIn: true, storage: account.held.source, problem: null })
  }
  return entries
}
