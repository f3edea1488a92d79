import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type { BridgeError } from '../../../src-shared/contract/errors'
import type { AuthState, SignInInput } from '../../../src-shared/domain/auth'
import { bridge } from '../bridge'

/** Who is signed in, as main reports it. The key itself is never here. */
export const useAuthStore = defineStore('auth', () => {
  const state = ref<AuthState | null>(null)
  const busy = ref(false)
  const error = ref<BridgeError | null>(null)
  const signedIn = computed(() => state.value?.signedIn === true)

  async function load(): Promise<void> {
    const reply = await bridge().auth.status()
    if (reply.ok) state.value = reply.value
    else error.value = reply.error
  }

  /** Follows main's auth:changed (sign-in elsewhere, a key rejected mid-session). */
  function follow(): () => void {
    return bridge().auth.onChanged((next) => {
      state.value = next
    })
  }

  async function signIn(input: SignInInput): Promise<boolean> {
    busy.value = true
    error.value = null
    try {
      const reply = await bridge().auth.signIn(input)
      if (!reply.ok) {
        error.value = reply.error
        return false
      }
      state.value = reply.value
      return true
    } finally {
      busy.value = false
    }
  }

  async function signOut(): Promise<void> {
    busy.value = true
    try {
      const reply = await bridge().auth.signOut()
      if (reply.ok) state.value = reply.value
      else error.value = reply.error
    } finally {
      busy.value = false
    }
  }

  /** Asks main to check the key and refresh the account; returns the refusal, if any. */
  async function refresh(): Promise<BridgeError | null> {
    const reply = await bridge().auth.refresh()
    if (!reply.ok) return reply.error
    state.value = reply.value
    return null
  }

  return { state, busy, error, signedIn, load, follow, signIn, signOut, refresh }
})
