import type { PlanView } from '../../../src-shared/domain/account'
import type { Settings } from '../../../src-shared/domain/settings'
import type { ApiClient } from '../api/api-client'
import type { HandlersOf } from '../area-handlers'
import type { Logger } from '../log'
import type { ServiceConnection } from '../service/service-connection'
import type { AccountSnapshotStore, SnapshotPart, SnapshotValue } from './account-snapshot'
import type { ReferenceListsBook } from './reference-lists'

export interface AccountDependencies {
  /** Told each account's profile picture as read (null: none). */
  onProfileImage?: (userId: string, profileImage: string | null) => void
  connection: ServiceConnection
  /** The settings in force (the environment's overrides applied). */
  settings: () => Settings
  references: ReferenceListsBook
  /** The last answers of profile, plan and billing, per account, for showing offline. */
  snapshot: AccountSnapshotStore
  /** The current account's user ID as known now (the cached account until whoami answers), or null: whose details are shown. */
  userId: () => string | null
  log: Logger
  now?: () => Date
}

/** The `account` area of the core, plus what the core needs. */
export interface AccountService extends HandlersOf<'account'> {
  /** The current account changed: the window gets its cached reference lists at once. */
  accountChanged(): void
  /** Signed out of one account: what was kept for it (account details, reference lists) goes; the others' stay. */
  forget(userId: string): Promise<void>
  close(): Promise<void>
}

/**
 * Profile, plan and billing straight from the service (each call goes through the shared
 * client and its rate limiter), each answer also kept on disk, per account, for offline; the
 * reference lists from their cache.
 */
export function createAccountService(deps: AccountDependencies): AccountService {
  const client = () => deps.connection.client()
  const now = deps.now ?? (() => new Date())
  /** Counts sign-outs, and when each account's was: an answer asked before it keeps nothing for that account. */
  let forgets = 0
  const forgottenAt = new Map<string, number>()

  /**
   * Asks with the current key, and says whose the answer is: the account the service confirmed
   * for that key, never a cached one (the key may belong to someone else now). Fixed when
   * asking, so a switch of account while the answer travels never files it under the other.
   */
  async function ask<T>(request: (client: ApiClient) => Promise<T>): Promise<{ answer: T; userId: string | null; askedAt: number }> {
    const asking = client()
    const asker = deps.connection.accountId
    const askedAt = forgets
    const answer = await request(asking)
    // Confirmed only while the answer travelled: still the same client, so the same key.
    const userId = asker ?? (deps.connection.connected && deps.connection.client() === asking ? deps.connection.accountId : null)
    return { answer, userId, askedAt }
  }

  /** Keeps an answer for offline use; best effort: the answer is returned even when the disk refuses it. */
  async function keep<P extends SnapshotPart>(userId: string | null, part: P, value: SnapshotValue<P>, askedAt: number): Promise<void> {
    if (userId === null) return
    // Signed out of that account while the answer travelled: nothing of it is kept again.
    if ((forgottenAt.get(userId) ?? 0) > askedAt) return
    // The account switcher shows each account's picture where the service gave one.
    if (part === 'profile') deps.onProfileImage?.(userId, (value as SnapshotValue<'profile'>).profileImage)
    await deps.snapshot.keep(userId, part, value, now()).catch((error: unknown) => {
      deps.log.warn(`Could not keep the ${part} for offline use`, error instanceof Error ? error.message : error)
    })
  }

  async function kept<P extends SnapshotPart>(part: P, request: (client: ApiClient) => Promise<SnapshotValue<P>>): Promise<SnapshotValue<P>> {
    const { answer, userId, askedAt } = await ask(request)
    await keep(userId, part, answer, askedAt)
    return answer
  }

  async function plan(asking: ApiClient): Promise<PlanView> {
    const documentHost = deps.settings().documentUrl !== ''
    const [flipbooks, documents] = await Promise.all([
      asking.getSubscription('Flipbook'),
      // Each host reports the quota of its own kind only (§2.4b).
      documentHost ? asking.getSubscription('Document') : null
    ])
    return { subscription: { ...flipbooks, quotas: { ...flipbooks.quotas, ...documents?.quotas } }, documentHost }
  }

  return {
    profile: () => kept('profile', (asking) => asking.getProfile()),
    // The client reads the profile back and compares (§1 rules 3–5); what it read back is kept.
    async setProfile(change) {
      const { answer, userId, askedAt } = await ask((asking) => asking.setProfile(change))
      await keep(userId, 'profile', answer.profile, askedAt)
      return answer
    },
    plan: () => kept('plan', plan),
    payments: () => kept('payments', (asking) => asking.listPayments()),
    cached: () => deps.snapshot.read(deps.userId()),
    references: () => deps.references.view(),
    refreshReferences: () => deps.references.refresh(),
    accountChanged: () => deps.references.accountChanged(),
    async forget(userId) {
      forgets += 1
      forgottenAt.set(userId, forgets)
      await Promise.all([deps.snapshot.forget(userId), deps.references.forget(userId)])
    },
    close: async () => {
      await deps.references.close()
      await deps.snapshot.close()
    }
  }
}
