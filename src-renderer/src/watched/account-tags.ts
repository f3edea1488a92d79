import { computed } from 'vue'
import { accountLabel } from '../../../src-shared/domain/auth'
import { accountTags, type AccountTag } from '../account/accounts'
import { useAuthStore } from '../stores/auth-store'
import { useLinksStore } from '../stores/links-store'

/**
 * Whose each linked file and hot folder is: always named, since what it publishes goes to that
 * account even when another one is in use later (the queue, unlike this page, names accounts
 * only while several are known).
 */
export function useWatchedAccounts() {
  const links = useLinksStore()
  const auth = useAuthStore()
  const owners = computed(() => [...(links.view?.links ?? []), ...(links.view?.folders ?? [])].map((entry) => entry.accountId))
  const tags = computed(() => accountTags(auth.accounts, owners.value))
  return {
    tagOf: (accountId: string | null): AccountTag | null => (accountId === null ? null : (tags.value.get(accountId) ?? null)),
    /** With several accounts signed in, the account a new hot folder publishes to (the current one). */
    addingFor: computed(() => (auth.several && auth.current ? accountLabel(auth.current) : null))
  }
}
