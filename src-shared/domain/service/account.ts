import type { DocType } from './item'
import type { Quota } from './quota'

/*
 * Every field below is null when the service's answer lacked it or it could not be read:
 * the UI shows "unknown", never a made-up 0, '' or false (DESIGN §4).
 */

/** whoami (§4.2): the key's account; the root call that validates a key. */
export interface Account {
  userId: string | null
  vendorId: string | null
  name: string | null
  email: string | null
  brand: string | null
  appUrl: string | null
  /** The plan's largest upload, in MB. */
  maxFileSizeMb: number | null
}

export interface Profile {
  name: string | null
  phone: string | null
  profileImage: string | null
}

/** A partial profile change; omitted or empty fields keep their values (§4.2, §1 rule 4). */
export interface ProfileChange {
  name?: string
  phone?: string
  profileImage?: string
}

/** What set-profile did, checked by reading the profile back (§1 rules 3–5). */
export interface ProfileChangeResult {
  profile: Profile
  /** Fields that were asked to change and read back with the new value. */
  changed: (keyof Profile)[]
  /** Fields that were asked to change but read back with another value. */
  unchanged: (keyof Profile)[]
  message: string
}

/** A plan limit: a number, 'unlimited', or null when unknown. */
export type PlanLimit = number | 'unlimited' | null

/** get-subscription-details (§2.4), normalized. */
export interface Subscription {
  brandName: string | null
  name: string | null
  mobile: string | null
  plan: string | null
  fees: string | null
  tax: string | null
  subscriptionId: string | null
  /** ISO date (YYYY-MM-DD), from `DD Mon YYYY`. */
  activeFrom: string | null
  status: string | null
  nextInvoice: string | null
  email: string | null
  photoImg: string | null
  maxFileSizeBytes: number | null
  maxFileSizeMb: number | null
  maxCname: PlanLimit
  advancedSharing: boolean | null
  leadEmailVerification: boolean | null
  isLtd: boolean | null
  maxItems: PlanLimit
  /** Quotas the answer carried, by kind. */
  quotas: Partial<Record<DocType, Quota>>
}

/** A row of the billing history (§2.5). */
export interface Payment {
  orderId: string | null
  amount: string | null
  plan: string | null
  /** ISO 8601 with offset (from DateIso, else from Date). */
  date: string | null
  invoiceUrl: string | null
  itemCount: number | null
}
