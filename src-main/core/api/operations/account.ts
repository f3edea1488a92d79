import type { Account, Payment, Profile, ProfileChange, ProfileChangeResult, Subscription } from '../../../../src-shared/domain/service/account'
import type { DocType } from '../../../../src-shared/domain/service/item'
import { hostFor, type ApiContext } from '../api-context'
import { toAccount, toPayments, toProfile, toSubscription } from '../normalize/account'

const MB = 1024 * 1024
const PROFILE_FIELDS: Record<keyof Profile, string> = { name: 'Name', phone: 'Phone', profileImage: 'ProfileImage' }

/** Account, profile, plan and billing (service-api.md §4.2). */
export function accountOperations(api: ApiContext) {
  async function getProfile(): Promise<Profile> {
    return api.decode(await api.call({ method: 'GET', path: '/api/get-profile', idempotent: true }), toProfile)
  }

  return {
    /** The root call: validates the key and tells the plan's upload limit. */
    async whoami(): Promise<Account> {
      const account = api.decode(await api.call({ method: 'GET', path: '/api/whoami', idempotent: true }), toAccount)
      // The subscription's exact byte limit wins over whoami's MB figure (DESIGN §4).
      if (!api.uploadLimit.fromSubscription && account.maxFileSizeMb > 0) {
        api.uploadLimit.bytes = account.maxFileSizeMb * MB
      }
      return account
    },

    getProfile,

    /**
     * Changes the given profile fields, then reads the profile back and reports which did
     * not change: an empty value keeps the old one, and OK does not prove a change (§1).
     */
    async setProfile(change: ProfileChange): Promise<ProfileChangeResult> {
      const form: Record<string, string> = {}
      for (const [key, field] of Object.entries(PROFILE_FIELDS) as [keyof Profile, string][]) {
        const value = change[key]
        if (value !== undefined && value !== '') form[field] = value
      }
      let message = 'Nothing to change.'
      if (Object.keys(form).length > 0) {
        const answer = await api.call({ method: 'PUT', path: '/api/set-profile', form, idempotent: false })
        message = typeof answer['Message'] === 'string' ? answer['Message'] : 'Profile updated.'
      }
      const profile = await getProfile()
      const unchanged = (Object.keys(PROFILE_FIELDS) as (keyof Profile)[]).filter(
        (key) => change[key] !== undefined && profile[key] !== change[key]
      )
      return { profile, unchanged, message }
    },

    /** The plan and, for the host of `docType`, its quota. */
    async getSubscription(docType: DocType = 'Flipbook'): Promise<Subscription> {
      const answer = await api.call({
        method: 'GET',
        path: '/api/get-subscription-details',
        idempotent: true,
        host: hostFor(docType)
      })
      const subscription = api.decode(answer, toSubscription)
      if (subscription.maxFileSizeBytes > 0) {
        api.uploadLimit.bytes = subscription.maxFileSizeBytes
        api.uploadLimit.fromSubscription = true
      }
      return subscription
    },

    async listPayments(): Promise<Payment[]> {
      return api.decode(await api.call({ method: 'GET', path: '/api/list-payments', idempotent: true }), toPayments)
    }
  }
}
