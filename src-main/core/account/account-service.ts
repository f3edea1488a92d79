import type { PlanView } from '../../../src-shared/domain/account'
import type { Settings } from '../../../src-shared/domain/settings'
import type { HandlersOf } from '../area-handlers'
import type { ServiceConnection } from '../service/service-connection'
import type { ReferenceListsBook } from './reference-lists'

export interface AccountDependencies {
  connection: ServiceConnection
  /** The settings in force (the environment's overrides applied). */
  settings: () => Settings
  references: ReferenceListsBook
}

/** The `account` area of the core, plus closing (a reference refresh may be writing). */
export interface AccountService extends HandlersOf<'account'> {
  close(): Promise<void>
}

/**
 * Profile, plan and billing straight from the service (each call goes through the shared
 * client and its rate limiter), and the reference lists from their cache.
 */
export function createAccountService(deps: AccountDependencies): AccountService {
  const client = () => deps.connection.client()
  return {
    profile: () => client().getProfile(),
    // The client reads the profile back and compares (§1 rules 3–5).
    setProfile: (change) => client().setProfile(change),
    async plan(): Promise<PlanView> {
      const documentHost = deps.settings().documentUrl !== ''
      const [flipbooks, documents] = await Promise.all([
        client().getSubscription('Flipbook'),
        // Each host reports the quota of its own kind only (§2.4b).
        documentHost ? client().getSubscription('Document') : null
      ])
      return { subscription: { ...flipbooks, quotas: { ...flipbooks.quotas, ...documents?.quotas } }, documentHost }
    },
    payments: () => client().listPayments(),
    references: () => deps.references.view(),
    refreshReferences: () => deps.references.refresh(),
    close: () => deps.references.close()
  }
}
