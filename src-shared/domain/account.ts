import type { Said } from '../i18n/said'
import type { Payment, Profile, Subscription } from './service/account'
import type { BackgroundMusic, Currency, Skin, Template } from './service/references'

/*
 * What the Account view receives from main, beyond the service's own normalized types:
 * the plan with the document host's quota merged in, and the reference lists as cached.
 */

/** The plan (get-subscription-details on the default host) with the quota of each host in use. */
export interface PlanView {
  /** `quotas` holds Flipbook from the default host, and Document from the document host when one is set. */
  subscription: Subscription
  /** Whether a document host is set: without one the Documents quota is unknown, not 0. */
  documentHost: boolean
}

/** The four reference lists (service-api.md §4.1), templates and skins for each kind of item. */
export interface ReferenceLists {
  flipbookTemplates: Template[]
  documentTemplates: Template[]
  flipbookSkins: Skin[]
  documentSkins: Skin[]
  currencies: Currency[]
  music: BackgroundMusic[]
}

/** The reference lists as FlipDrop last received them: from the disk cache at once, refreshed in the background. */
export interface ReferencesView {
  /** null until the lists were received once (for this account). */
  lists: ReferenceLists | null
  /** When the lists were last received (ISO 8601), or null. */
  updatedAt: string | null
  /** A refresh is on its way. */
  refreshing: boolean
  /** Why the last refresh failed (offline, refused…), in English, or null when it worked. */
  problem: string | null
  /** The same sentence for the window to say in its language; never cached on disk (made by the core each time). */
  problemSaid?: Said
}

/** A value as last received from the service, and when (ISO 8601). */
export interface Received<T> {
  value: T
  at: string
}

/**
 * The profile, plan and billing history as last received for the account signed in, kept on
 * disk so the Account view shows them offline ("as of …"). Each is null until received once.
 */
export interface AccountSnapshot {
  profile: Received<Profile> | null
  plan: Received<PlanView> | null
  payments: Received<Payment[]> | null
}
