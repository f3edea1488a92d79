import type { DocType } from './item'
import type { Quota } from './quota'

/** whoami (§4.2): the key's account; the root call that validates a key. */
export interface Account {
  userId: string
  vendorId: string
  name: string
  email: string
  brand: string
  appUrl: string
  maxFileSizeMb: number
}

export interface Profile {
  name: string
  phone: string
  profileImage: string
}

/** A partial profile change; omitted fields keep their values (§4.2). */
export type ProfileChange = Partial<Profile>

/** What set-profile did, checked by reading the profile back (§1 rules 3–5). */
export interface ProfileChangeResult {
  profile: Profile
  /** Fields that were asked to change but read back with another value. */
  unchanged: (keyof Profile)[]
  message: string
}

/** get-subscription-details (§2.4), normalized. */
export interface Subscription {
  brandName: string
  name: string
  mobile: string
  plan: string
  fees: string
  tax: string
  subscriptionId: string
  /** ISO date (YYYY-MM-DD), from `DD Mon YYYY`. */
  activeFrom: string | null
  status: string
  nextInvoice: string | null
  email: string
  photoImg: string
  maxFileSizeBytes: number
  maxFileSizeMb: number
  /** A number, or null for unlimited. */
  maxCname: number | null
  advancedSharing: boolean
  leadEmailVerification: boolean
  isLtd: boolean
  maxItems: number | null
  /** Quotas the answer carried, by kind. */
  quotas: Partial<Record<DocType, Quota>>
  raw: Record<string, unknown>
}

/** A row of the billing history (§2.5). */
export interface Payment {
  orderId: string
  amount: string
  plan: string
  /** ISO 8601 with offset (from DateIso, else from Date). */
  date: string | null
  invoiceUrl: string
  itemCount: number
}
