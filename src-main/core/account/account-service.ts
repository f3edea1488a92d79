import type { PlanView } from '../../../src-shared/domain/account'
import type { Settings } from '../../../src-shared/domain/settings'
import type { HandlersOf } from '../area-handlers'
import type { Logger } from '../log'
import type { ServiceConnection } from '../service/service-connection'
import type { AccountSnapshotStore, SnapshotPart, SnapshotValue } from './account-snapshot'
import type { ReferenceListsBook } from './reference-lists'

export interface AccountDependencies {
  connection: ServiceConnection
  /** The settings in force (the environment's overrides applied). */
  settings: () => Settings
  references: ReferenceListsBook
  /** The last answers of profile, plan and billing, for showing offline. */
  snapshot: AccountSnapshotStore
  /** The signed-in account's user ID as known now (the cached account until whoami answers), or null. */
  userId: () => string | null
  log: Logger
  now?: () => Date
}

/** The `account` area of the core, plus closing (a reference refresh may be writing). */
export interface AccountService extends HandlersOf<'account'> {
  close(): Promise<void>
}

/**
 * Profile, plan and billing straight from the service (each call goes through the shared
 * client and its rate limiter), each answer also kept on disk for offline; the reference
 * lists from their cache.
 */
export function createAccountService(deps: AccountDependencies): AccountService {
  const client = () => deps.connection.client()
  const now = deps.now ?? (() => new Date())

  /**
   * Keeps an answer for the account the service confirmed for this key, never a cached one
   * (the key may belong to someone else now). Keeping is best effort: the answer is returned
   * even when the disk refuses it.
   */
  async function kept<P extends SnapshotPart>(part: P, answer: Promise<SnapshotValue<P>>): Promise<SnapshotValue<P>> {
    const value = await answer
    const userId = deps.connection.accountId
    if (userId !== null) {
      await deps.snapshot.keep(userId, part, value, now()).catch((error: unknown) => {
        deps.log.warn(`Could not keep the ${part} for offline use`, error instanceof Error ? error.message : error)
      })
    }
    return value
  }

  async function plan(): Promise<PlanView> {
    const documentHost = deps.settings().documentUrl !== ''
    const [flipbooks, documents] = await Promise.all([
      client().getSubscription('Flipbook'),
      // Each host reports the quota of its own kind only (§2.4b).
      documentHost ? client().getSubscription('Document') : null
    ])
    return { subscription: { ...flipbooks, quotas: { ...flipbooks.quotas, ...documents?.quotas } }, documentHost }
  }

  // Signed out (or the key refused): what was kept for that account goes with it, as the cached
  // account does. Quitting closes the connection too, after this service: that keeps it.
  let closed = false
  deps.connection.onChange(() => {
    if (closed || deps.connection.connected) return
    deps.snapshot.clear().catch((error: unknown) => {
      deps.log.warn('Could not forget the account details kept for offline use', error instanceof Error ? error.message : error)
    })
  })

  return {
    profile: () => kept('profile', client().getProfile()),
    // The client reads the profile back and compares (§1 rules 3–5); what it read back is kept.
    async setProfile(change) {
      const result = await client().setProfile(change)
      await kept('profile', Promise.resolve(result.profile))
      return result
    },
    plan: () => kept('plan', plan()),
    payments: () => kept('payments', client().listPayments()),
    cached: () => deps.snapshot.read(deps.userId()),
    references: () => deps.references.view(),
    refreshReferences: () => deps.references.refresh(),
    close: async () => {
      closed = true
      await deps.references.close()
      await deps.snapshot.close()
    }
  }
}
