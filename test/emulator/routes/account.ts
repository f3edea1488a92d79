import { formatDayMonYear, formatIsoWithOffset } from '../formats'
import type { Route, RouteContext } from '../http/route-context'
import { readForm } from '../http/form-body'
import { maxFileBytes } from '../options'
import { profilePicturePath } from '../state/accounts'
import { quotaFields } from './quota'

const PROFILE_FIELDS = ['Name', 'Phone', 'ProfileImage'] as const
const PHONE_RE = /^\+?[0-9][0-9 ()-]{3,24}$/

/** GET /api/whoami: the root call (§4.2). */
function whoami(ctx: RouteContext): void {
  const a = ctx.account
  ctx.ex.ok({
    UserID: a.userId,
    VendorID: a.vendorId,
    Name: a.name,
    Email: a.email,
    Brand: a.brand,
    AppURL: new URL(ctx.origin).host,
    MaxFileSizeMB: ctx.env.options.maxFileMb
  })
}

/** GET /api/get-profile (§2.3). With `profilePictures`, until one is set, the picture is the one the emulator draws. */
function getProfile(ctx: RouteContext): void {
  const a = ctx.account
  const drawn = ctx.env.options.profilePictures ? new URL(profilePicturePath(a.userId), ctx.origin).href : ''
  ctx.ex.ok({ Name: a.name, Phone: a.phone, ProfileImage: a.profileImage || drawn })
}

function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value)
    return u.protocol === 'http:' || u.protocol === 'https:'
  } catch {
    return false
  }
}

/**
 * PUT /api/set-profile (§4.2). Omitted or empty fields keep their value (§1 rule 4). A Phone or
 * ProfileImage the service would not store is dropped silently while the answer stays OK:
 * OK does not confirm a change (§1 rule 3), so clients must read back.
 */
async function setProfile(ctx: RouteContext): Promise<void> {
  const form = await readForm(ctx.ex.req, PROFILE_FIELDS, ctx.env.options.maxFormKb * 1024)
  if (!form.ok) return ctx.ex.error(form.message)
  const value = (name: string): string => (form.fields.get(name) ?? '').trim()
  if (PROFILE_FIELDS.every((f) => value(f) === '')) {
    return ctx.ex.error('At least one of Name, Phone, ProfileImage is required.')
  }
  const a = ctx.account
  if (value('Name') !== '') a.name = value('Name')
  if (value('Phone') !== '' && PHONE_RE.test(value('Phone'))) a.phone = value('Phone')
  if (value('ProfileImage') !== '' && isHttpUrl(value('ProfileImage'))) a.profileImage = value('ProfileImage')
  ctx.env.state.changed()
  ctx.ex.ok({ Message: 'Profile updated successfully.' })
}

/** GET /api/get-subscription-details: plan, limits and the host's quota (§2.4, §2.4b). */
function getSubscription(ctx: RouteContext): void {
  const { options, state } = ctx.env
  const a = ctx.account
  const off = options.utcOffsetMinutes
  const quota = state.quota(ctx.key, ctx.docType)
  ctx.ex.ok({
    Subscription: {
      BrandName: a.brand,
      Name: a.name,
      Mobile: a.phone,
      SubscriptionPlan: a.plan,
      SubscriptionFees: a.fees,
      Tax: a.tax,
      SubscriptionID: a.subscriptionId,
      ActiveFrom: formatDayMonYear(a.activeFromMs, off),
      Status: a.status,
      NextInvoice: formatDayMonYear(a.nextInvoiceMs, off),
      Email: a.email,
      PhotoIMG: `images/profile/${a.userId}.png`,
      MaxFileSizeBytes: maxFileBytes(options),
      MaxFileSize: String(options.maxFileMb),
      MaxCNAME: '5',
      AdvancedSharing: 'Yes',
      LeadEmailVerification: 'Yes',
      IsLTD: 'No',
      MaxItems: String(quota.max),
      ...quotaFields(ctx.docType, quota)
    }
  })
}

/** GET /api/list-payments (§2.5). */
function listPayments(ctx: RouteContext): void {
  const off = ctx.env.options.utcOffsetMinutes
  ctx.ex.ok({
    Items: ctx.account.payments.map((p) => ({
      OrderID: p.orderId,
      Amount: p.amount,
      Plan: p.plan,
      Date: formatDayMonYear(p.paidMs, off),
      DateIso: formatIsoWithOffset(p.paidMs, off),
      InvoiceURL: p.invoiceUrl,
      ItemCount: p.itemCount
    }))
  })
}

/** Account operations (§4.2). */
export const accountRoutes: Route[] = [
  { method: 'GET', path: '/api/whoami', handler: whoami },
  { method: 'GET', path: '/api/get-profile', handler: getProfile },
  { method: 'PUT', path: '/api/set-profile', handler: setProfile },
  { method: 'GET', path: '/api/get-subscription-details', handler: getSubscription },
  { method: 'GET', path: '/api/list-payments', handler: listPayments }
]
