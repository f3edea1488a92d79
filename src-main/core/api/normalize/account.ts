import { z } from 'zod'
import type { Account, Payment, Profile, Subscription } from '../../../../src-shared/domain/service/account'
import type { ServerZone } from '../server-zone'
import { isoOffsetMinutes, normalizeServiceDate } from './dates'
import { limitField, numberField, parseFields, textField, yesNoField, type GapReporter } from './fields'
import { readQuotas } from './quota'

const MB = 1024 * 1024

const accountSchema = z.looseObject({
  UserID: textField,
  VendorID: textField,
  Name: textField,
  Email: textField,
  Brand: textField,
  AppURL: textField,
  MaxFileSizeMB: numberField
})

/** whoami (§4.2). */
export function toAccount(payload: unknown, gaps: GapReporter): Account {
  const p = parseFields(accountSchema, payload, 'whoami', gaps)
  return {
    userId: p.UserID,
    vendorId: p.VendorID,
    name: p.Name,
    email: p.Email,
    brand: p.Brand,
    appUrl: p.AppURL,
    maxFileSizeMb: p.MaxFileSizeMB
  }
}

const profileSchema = z.looseObject({ Name: textField, Phone: textField, ProfileImage: textField })

/** get-profile (§2.3). */
export function toProfile(payload: unknown, gaps: GapReporter): Profile {
  const p = parseFields(profileSchema, payload, 'get-profile', gaps)
  return { name: p.Name, phone: p.Phone, profileImage: p.ProfileImage }
}

const subscriptionSchema = z.looseObject({
  BrandName: textField,
  Name: textField,
  Mobile: textField,
  SubscriptionPlan: textField,
  SubscriptionFees: textField,
  Tax: textField,
  SubscriptionID: textField,
  ActiveFrom: textField,
  Status: textField,
  NextInvoice: textField,
  Email: textField,
  PhotoIMG: textField,
  MaxFileSizeBytes: numberField,
  MaxFileSize: numberField,
  MaxCNAME: limitField,
  AdvancedSharing: yesNoField,
  LeadEmailVerification: yesNoField,
  IsLTD: yesNoField,
  MaxItems: limitField
})

/**
 * get-subscription-details (§2.4): the fields sit inside `Subscription`; the quota fields
 * may sit beside it or inside it, so both places are read.
 */
export function toSubscription(payload: Record<string, unknown>, gaps: GapReporter): Subscription {
  const inner = z.looseObject({ Subscription: z.record(z.string(), z.unknown()) }).parse(payload).Subscription
  const s = parseFields(subscriptionSchema, inner, 'get-subscription-details', gaps)
  // The exact byte figure wins; the MB text is the fallback (and the other way round for MB).
  const maxFileSizeBytes = s.MaxFileSizeBytes ?? (s.MaxFileSize === null ? null : s.MaxFileSize * MB)
  return {
    brandName: s.BrandName,
    name: s.Name,
    mobile: s.Mobile,
    plan: s.SubscriptionPlan,
    fees: s.SubscriptionFees,
    tax: s.Tax,
    subscriptionId: s.SubscriptionID,
    activeFrom: normalizeServiceDate(s.ActiveFrom),
    status: s.Status,
    nextInvoice: normalizeServiceDate(s.NextInvoice),
    email: s.Email,
    photoImg: s.PhotoIMG,
    maxFileSizeBytes,
    maxFileSizeMb: s.MaxFileSize ?? (maxFileSizeBytes === null ? null : maxFileSizeBytes / MB),
    maxCname: s.MaxCNAME,
    advancedSharing: s.AdvancedSharing,
    leadEmailVerification: s.LeadEmailVerification,
    isLtd: s.IsLTD,
    maxItems: s.MaxItems,
    quotas: { ...readQuotas(inner), ...readQuotas(payload) }
  }
}

const paymentSchema = z.looseObject({
  OrderID: textField,
  Amount: textField,
  Plan: textField,
  Date: textField,
  DateIso: textField,
  InvoiceURL: textField,
  ItemCount: numberField
})

/** list-payments rows (§2.5). DateIso's offset also teaches the server's zone. */
export function toPayments(payload: unknown, gaps: GapReporter, zone?: ServerZone): Payment[] {
  return z
    .looseObject({ Items: z.array(z.unknown()) })
    .parse(payload)
    .Items.map((row) => {
      const p = parseFields(paymentSchema, row, 'list-payments', gaps)
      const offset = isoOffsetMinutes(p.DateIso)
      if (offset !== null) zone?.learn(offset, 'DateIso')
      return {
        orderId: p.OrderID,
        amount: p.Amount,
        plan: p.Plan,
        date: normalizeServiceDate(p.DateIso) ?? normalizeServiceDate(p.Date),
        invoiceUrl: p.InvoiceURL,
        itemCount: p.ItemCount
      }
    })
}
