import { errorText } from '../i18n/spoken'
import { defineStore } from 'pinia'
import { computed, reactive, ref, shallowRef, watch } from 'vue'
import type { BridgeError, Envelope, ErrorCode } from '../../../src-shared/contract/errors'
import type { PlanView, Received, ReferencesView } from '../../../src-shared/domain/account'
import type { ProfileChangeInput } from '../../../src-shared/domain/profile'
import type { Payment, Profile, ProfileChangeResult } from '../../../src-shared/domain/service/account'
import { bridge } from '../bridge'
import { useAuthStore } from './auth-store'
import { useQueueStore } from './queue-store'

/**
 * Read failures that only mean "the service cannot answer right now": what was received
 * before is shown "as of …" and the app-wide status strip says why, so the view repeats nothing.
 */
const CONNECTION_CODES: readonly ErrorCode[] = ['network', 'portal', 'stalled', 'service', 'protocol', 'rate-limited']
/** Failures after which a form that needs the service would fail too. */
const UNREACHABLE_CODES: readonly ErrorCode[] = ['network', 'portal', 'stalled', 'service', 'protocol']

/** One thing the view reads from main: what it shows, since when, and how the last read went. */
interface PartState<T> {
  data: T | null
  /** When `data` was received from the service (ISO 8601). */
  receivedAt: string | null
  /** Why the last read failed; null when it worked or has not run. */
  failure: BridgeError | null
  pending: boolean
}

/** `epoch`: which account the parts are for, counted up at each switch (an answer from before is dropped). */
function part<T>(call: () => Promise<Envelope<T>>, epoch: () => number) {
  const state = reactive<PartState<T>>({ data: null, receivedAt: null, failure: null, pending: false }) as PartState<T>
  return {
    state,
    async load(): Promise<void> {
      const asked = epoch()
      state.pending = true
      const reply = await call()
      // An answer for the account shown before a switch is not this account's.
      if (epoch() !== asked) return
      state.pending = false
      // A failed read keeps what was shown before; the view says since when.
      state.failure = reply.ok ? null : reply.error
      if (reply.ok) take(reply.value)
    },
    /** What main kept on disk, unless something newer is already shown. */
    adopt(received: Received<T> | null): void {
      if (received === null || state.data !== null) return
      state.data = received.value
      state.receivedAt = received.at
    },
    take,
    /** Another account became current: nothing of the one before is shown. */
    clear(): void {
      Object.assign(state, { data: null, receivedAt: null, failure: null, pending: false })
    }
  }
  function take(value: T): void {
    state.data = value
    state.receivedAt = new Date().toISOString()
  }
}

/** What the last profile save did: the service's read-back, and fields emptied (which it cannot clear). */
export interface ProfileSave {
  result: ProfileChangeResult
  cleared: (keyof Profile)[]
}

/** The Account view's data: profile, plan, billing history and the reference lists, all from main, cached for offline. */
export const useAccountStore = defineStore('account', () => {
  const auth = useAuthStore()
  const queue = useQueueStore()
  /** The account the parts were read for (null: none was current); undefined until the view first reads them. */
  let readFor: string | null | undefined
  /** Counted up at every switch: answers to reads begun before it are dropped. */
  let generation = 0
  const epoch = (): number => generation
  const currentId = (): string | null => auth.current?.userId ?? null
  /** True once the account changed since this was called. */
  function since(): () => boolean {
    const at = generation
    return () => at !== generation
  }
  const profile = part<Profile>(() => bridge().account.profile(), epoch)
  const plan = part<PlanView>(() => bridge().account.plan(), epoch)
  const payments = part<Payment[]>(() => bridge().account.payments(), epoch)
  const references = shallowRef<ReferencesView | null>(null)
  const referencesFailure = ref<BridgeError | null>(null)
  const saving = ref(false)
  const lastSave = shallowRef<ProfileSave | null>(null)
  const saveError = ref<string | null>(null)
  const parts = { profile: profile.state, plan: plan.state, payments: payments.state }

  async function loadReferences(): Promise<void> {
    const stale = since()
    const reply = await bridge().account.references()
    if (stale()) return
    if (reply.ok) references.value = reply.value
    referencesFailure.value = reply.ok ? null : reply.error
  }

  /** Shows what main kept at once, then reads everything from the service; each part fails on its own. */
  async function load(): Promise<void> {
    readFor = currentId()
    const stale = since()
    const live = Promise.all([profile.load(), plan.load(), payments.load(), loadReferences()])
    const cached = await bridge().account.cached()
    if (cached.ok && !stale()) {
      profile.adopt(cached.value.profile)
      plan.adopt(cached.value.plan)
      payments.adopt(cached.value.payments)
    }
    await live
  }

  /**
   * Another account became current (switched, added, or the one before signed out): its
   * profile, plan, payments and lists are read again, what main kept of it first. Only once
   * the view has read them: until then there is nothing of the old account to replace.
   */
  watch(
    () => auth.current?.userId ?? null,
    (next) => {
      if (readFor === undefined || next === readFor) return
      generation++
      profile.clear()
      plan.clear()
      payments.clear()
      references.value = null
      referencesFailure.value = null
      lastSave.value = null
      saveError.value = null
      if (next !== null) void load()
    }
  )

  /** The service cannot be reached now (the strip says so, or the last reads said so): forms that need it are off. */
  const cannotReach = computed(
    () =>
      queue.connectivity?.online === false ||
      Object.values(parts).some((state) => state.failure !== null && UNREACHABLE_CODES.includes(state.failure.code))
  )

  /** Since when what is shown may be old: the oldest time shown, while the service is out of reach; else null. */
  const asOf = computed<string | null>(() => {
    const shown = Object.values(parts).filter((state) => state.data !== null)
    const stale =
      cannotReach.value ||
      shown.some((state) => state.failure !== null && CONNECTION_CODES.includes(state.failure.code)) ||
      (references.value?.lists != null && references.value.problem !== null)
    if (!stale) return null
    const times = [...shown.map((state) => state.receivedAt), references.value?.lists ? references.value.updatedAt : null]
    return times.filter((time): time is string => time !== null).sort()[0] ?? null
  })

  /** Parts never received and not on their way (a first start offline). */
  const missing = computed(() => {
    const names = (Object.keys(parts) as (keyof typeof parts)[]).filter((name) => {
      const state = parts[name]
      return state.data === null && !state.pending && state.failure !== null
    })
    const view = references.value
    const listsMissing = view != null && view.lists === null && !view.refreshing && view.problem !== null
    return listsMissing ? [...names, 'lists' as const] : names
  })

  /** Failures that are not about reaching the service, each said once (a signed-out key goes back to sign-in anyway). */
  const problems = computed(() => {
    const failures = [...Object.values(parts).map((state) => state.failure), referencesFailure.value]
    const messages = failures
      .filter((failure): failure is BridgeError => failure !== null && !CONNECTION_CODES.includes(failure.code) && failure.code !== 'signed-out')
      .map((failure) => errorText(failure))
    return [...new Set(messages)]
  })

  /**
   * Sends a checked profile change; on success the profile shown is the one read back, and
   * the signed-in account is read again so the sidebar shows the new name at once.
   */
  async function saveProfile(input: ProfileChangeInput, cleared: (keyof Profile)[] = []): Promise<boolean> {
    saving.value = true
    saveError.value = null
    lastSave.value = null
    try {
      const reply = await bridge().account.setProfile(input)
      if (!reply.ok) {
        saveError.value = errorText(reply.error)
        return false
      }
      lastSave.value = { result: reply.value, cleared }
      profile.take(reply.value.profile)
      profile.state.failure = null
      if (reply.value.changed.length > 0) await auth.refresh()
      return true
    } finally {
      saving.value = false
    }
  }

  async function refreshReferences(): Promise<void> {
    const stale = since()
    const reply = await bridge().account.refreshReferences()
    if (stale()) return
    if (reply.ok) references.value = reply.value
    referencesFailure.value = reply.ok ? null : reply.error
  }

  /** Follows main's background refreshes of the reference lists; returns the unsubscribe. */
  function follow(): () => void {
    return bridge().account.onReferencesChanged((next) => (references.value = next))
  }

  return {
    profile: profile.state,
    plan: plan.state,
    payments: payments.state,
    references,
    cannotReach,
    asOf,
    missing,
    problems,
    saving,
    lastSave,
    saveError,
    load,
    saveProfile,
    refreshReferences,
    follow
  }
})
