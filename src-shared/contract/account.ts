import { z } from 'zod'
import type { AccountSnapshot, PlanView, ReferencesView } from '../domain/account'
import { profileChangeSchema } from '../domain/profile'
import type { Payment, Profile, ProfileChangeResult } from '../domain/service/account'
import { event, invoke } from './define'

/** The `account` area: profile, plan, billing history and the reference lists (service-api.md §4.1, §4.2). */
export const account = {
  /** The profile as the service holds it now (get-profile). */
  profile: invoke<Profile>()('account:profile', z.undefined()),
  /**
   * Changes the non-empty fields (checked by the shared schema), then reads the profile back
   * and says which fields changed and which did not (§1 rules 3–5).
   */
  setProfile: invoke<ProfileChangeResult>()('account:setProfile', profileChangeSchema),
  /** The subscription of the default host, with the document host's quota when one is set. */
  plan: invoke<PlanView>()('account:plan', z.undefined()),
  /** The billing history, as the service lists it. */
  payments: invoke<Payment[]>()('account:payments', z.undefined()),
  /**
   * The profile, plan and billing history as last received for this account, from disk and
   * without asking the service: what the Account view shows while the service cannot answer.
   */
  cached: invoke<AccountSnapshot>()('account:cached', z.undefined()),
  /** The reference lists from the disk cache, at once; a refresh starts in the background when none runs. */
  references: invoke<ReferencesView>()('account:references', z.undefined()),
  /** Reads every reference list from the service now; a failure is reported in `problem`, the cache stays. */
  refreshReferences: invoke<ReferencesView>()('account:refreshReferences', z.undefined()),
  /** The reference lists (or their refresh state) changed. */
  referencesChanged: event<ReferencesView>()('account:referencesChanged')
}
