import { computed } from 'vue'
import { accountLabel } from '../../../src-shared/domain/auth'
import { accountTags, namesSeveral, type AccountTag } from '../account/accounts'
import { useAuthStore } from '../stores/auth-store'
import { useLinksStore } from '../stores/links-store'

/**
 * Whose each linked file and hot folder is: named while more than one account is known
 * (signed in, or owning links or folders); with one account the name would only be noise.
 */
export function useWatchedAccounts() {
  const links = useLinksStore()
  const auth = useAuthStore()
  const owners = computed(() => [...(links.view?.links ?? []), ...(links.view?.folders ?? [])].map((entry) => entry.accountId))
  const tags = computed(() => (auth.several || namesSeveral(owners.value) ? accountTags(auth.accounts, owners.value) : null))
  return {
    tagOf: (accountId: string | null): AccountTag | null => (accountId === null ? null : (tags.value?.get(accountId) ?? null)),
    /** With several accounts signed in, the account a new hot folder publishes to (the current one). */
    addingFor: computed(() => (auth.several && auth.current ? accountLabel(auth.current) : null))
  }
}
