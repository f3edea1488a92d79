import type { Account, Payment, Profile, ProfileChange, ProfileChangeResult, Subscription } from '../../../../src-shared/domain/service/account'
import type { DocType } from '../../../../src-shared/domain/service/item'
import { hostFor, type ApiContext, type ReadOptions } from '../api-context'
import { toAccount, toPayments, toProfile, toSubscription } from '../normalize/account'

const MB = 1024 * 1024
const PROFILE_FIELDS: Record<keyof Profile, string> = { name: 'Name', phone: 'Phone', profileImage: 'ProfileImage' }

/** Account, profile, plan and billing (service-api.md §4.2). */
export function accountOperations(api: ApiContext) {
  async function getProfile(): Promise<Profile> {
    return api.decode(await api.call({ method: 'GET', path: '/api/get-profile', idempotent: true }), (p, read) =>
      toProfile(p, read.gaps)
    )
  }

  return {
    /** The root call: validates the key and tells the plan's upload limit. */
    async whoami(options: ReadOptions = {}): Promise<Account> {
      const answer = await api.call({ method: 'GET', path: '/api/whoami', idempotent: true, ...options })
      const account = api.decode(answer, (p, read) => toAccount(p, read.gaps))
      // The subscription's exact byte limit wins over whoami's MB figure (DESIGN §4); unknown stays unknown.
      if (!api.uploadLimit.fromSubscription && account.maxFileSizeMb !== null && account.maxFileSizeMb > 0) {
        api.uploadLimit.bytes = account.maxFileSizeMb * MB
      }
      api.learnAccount(account)
      return account
    },

    getProfile,

    /**
     * Changes the given profile fields, then reads the profile back and reports which
     * changed and which did not: an empty value keeps the old one, and OK does not prove a
     * change (§1 rules 3–5).
     */
    async setProfile(change: ProfileChange): Promise<ProfileChangeResult> {
      const asked = (Object.keys(PROFILE_FIELDS) as (keyof Profile)[]).filter((key) => (change[key] ?? '') !== '')
      let message = 'Nothing to change: empty fields keep their values.'
      if (asked.length > 0) {
        const form = Object.fromEntries(asked.map((key) => [PROFILE_FIELDS[key], change[key]]))
        const answer = await api.call({ method: 'PUT', path: '/api/set-profile', form, idempotent: false })
        message = typeof answer['Message'] === 'string' ? answer['Message'] : 'Profile updated.'
      }
      const profile = await getProfile()
      return {
        profile,
        changed: asked.filter((key) => profile[key] === change[key]),
        unchanged: asked.filter((key) => profile[key] !== change[key]),
        message
      }
    },

    /** The plan and, for the host of `docType`, its quota. */
    async getSubscription(docType: DocType = 'Flipbook'): Promise<Subscription> {
      const answer = await api.call({
        method: 'GET',
        path: '/api/get-subscription-details',
        idempotent: true,
        host: hostFor(docType)
      })
      const subscription = api.decode(answer, (p, read) => toSubscription(p, read.gaps))
      if (subscription.maxFileSizeBytes !== null && subscription.maxFileSizeBytes > 0) {
        api.uploadLimit.bytes = subscription.maxFileSizeBytes
        api.uploadLimit.fromSubscription = true
      }
      for (const quota of Object.values(subscription.quotas)) api.learnQuota(quota)
      return subscription
    },

    async listPayments(): Promise<Payment[]> {
      const answer = await api.call({ method: 'GET', path: '/api/list-payments', idempotent: true })
      return api.decode(answer, (p, read) => toPayments(p, read.gaps, read.zone))
    }
  }
}
