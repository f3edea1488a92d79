import { defineStore } from 'pinia'
import { ref, shallowRef, type Ref } from 'vue'
import type { Envelope } from '../../../src-shared/contract/errors'
import type { PlanView, ReferencesView } from '../../../src-shared/domain/account'
import type { ProfileChangeInput } from '../../../src-shared/domain/profile'
import type { Payment, Profile, ProfileChangeResult } from '../../../src-shared/domain/service/account'
import { bridge } from '../bridge'

/** One thing read from main: its value once read, and why the last read failed. */
interface Remote<T> {
  value: Ref<T | null>
  error: Ref<string | null>
  load(): Promise<void>
}

function remote<T>(call: () => Promise<Envelope<T>>): Remote<T> {
  const value = shallowRef<T | null>(null) as Ref<T | null>
  const error = ref<string | null>(null)
  return {
    value,
    error,
    async load() {
      const reply = await call()
      // A failed read keeps what was shown before, and says why it is not fresh.
      if (reply.ok) value.value = reply.value
      error.value = reply.ok ? null : reply.error.message
    }
  }
}

/** The Account view's data: profile, plan, billing history and the reference lists, all from main. */
export const useAccountStore = defineStore('account', () => {
  const profile = remote<Profile>(() => bridge().account.profile())
  const plan = remote<PlanView>(() => bridge().account.plan())
  const payments = remote<Payment[]>(() => bridge().account.payments())
  const references = remote<ReferencesView>(() => bridge().account.references())
  const saving = ref(false)
  /** What the last profile save did, read back from the service. */
  const lastChange = shallowRef<ProfileChangeResult | null>(null)
  const saveError = ref<string | null>(null)

  /** Reads everything the view shows; each part fails on its own. */
  async function load(): Promise<void> {
    await Promise.all([profile.load(), plan.load(), payments.load(), references.load()])
  }

  /** Sends a checked profile change; on success the profile shown is the one read back. */
  async function saveProfile(input: ProfileChangeInput): Promise<boolean> {
    saving.value = true
    saveError.value = null
    lastChange.value = null
    try {
      const reply = await bridge().account.setProfile(input)
      if (!reply.ok) {
        saveError.value = reply.error.message
        return false
      }
      lastChange.value = reply.value
      profile.value.value = reply.value.profile
      return true
    } finally {
      saving.value = false
    }
  }

  async function refreshReferences(): Promise<void> {
    const reply = await bridge().account.refreshReferences()
    if (reply.ok) references.value.value = reply.value
    references.error.value = reply.ok ? null : reply.error.message
  }

  /** Follows main's background refreshes of the reference lists; returns the unsubscribe. */
  function follow(): () => void {
    return bridge().account.onReferencesChanged((next) => (references.value.value = next))
  }

  return {
    profile: profile.value,
    profileError: profile.error,
    plan: plan.value,
    planError: plan.error,
    payments: payments.value,
    paymentsError: payments.error,
    references: references.value,
    referencesError: references.error,
    saving,
    lastChange,
    saveError,
    load,
    saveProfile,
    refreshReferences,
    follow
  }
})
