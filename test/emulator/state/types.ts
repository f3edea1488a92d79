import type { DocType } from '../options'

/** A value of a viewer setting in the item record. */
export type SettingValue = string | number | boolean

/** One stored item (flipbook or document): the compact form the full record is built from. */
export interface StoredItem {
  id: number
  /** Account (API key) that owns the item. */
  owner: string
  docType: DocType
  name: string
  title: string
  description: string
  /** CustomURL slug; unique per emulator (across both hosts, also with separate IDs). */
  slug: string
  folder: string
  createdMs: number
  validTillDate: string
  ordPos: number
  isStarred: boolean
  isTemplate: boolean
  isActive: boolean
  isPublished: boolean
  pages: number
  views: number
  leads: number
  sales: number
  approvals: number
  /** Stored file id of the PDF as uploaded. */
  fileId: string
  /** Front/back wrap files; when any is set the item has a merged PDF. */
  frontFileId: string
  backFileId: string
  mergedFileId: string
  cname: string
  /** Viewer settings that differ from the defaults of the record. */
  settings: Record<string, SettingValue>
}

/** One billing row of an account (§2.5), stored with an instant instead of texts. */
export interface StoredPayment {
  orderId: string
  amount: string
  plan: string
  paidMs: number
  invoiceUrl: string
  itemCount: number
}

/** An account: one API key with its user, profile and plan. */
export interface Account {
  key: string
  userId: string
  vendorId: string
  name: string
  email: string
  phone: string
  profileImage: string
  brand: string
  plan: string
  fees: string
  tax: string
  subscriptionId: string
  activeFromMs: number
  nextInvoiceMs: number
  status: string
  payments: StoredPayment[]
}

/** Counts of one fixed rate-limit window of one account (§8). */
export interface RateWindowRecord {
  /** UserID of the account (the key itself is never exposed). */
  account: string
  windowStartMs: number
  windowEndMs: number
  accepted: number
  rejected: number
}

/** One request as the emulator saw it, for assertions in tests. */
export interface RequestLogEntry {
  atMs: number
  method: string
  path: string
  host: DocType
  /** UserID of the authenticated account, or '' when not authenticated. */
  account: string
  status: number
  fault: string
  /** When the exchange closed: answered, or cut off by the client (status 0). */
  endedAtMs?: number
}

/** The persisted part of the state. */
export interface PersistedState {
  version: 1
  /** Next ID of the shared space, or of the default host's with `separateHostIds`. */
  nextId: number
  accounts: Account[]
  /** Every item, or the default host's with `separateHostIds`. */
  items: StoredItem[]
  /** Only with `separateHostIds`: the document host's own space. */
  documentHost?: { nextId: number; items: StoredItem[] }
}
