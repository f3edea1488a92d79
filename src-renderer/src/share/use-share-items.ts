import { errorText } from '../i18n/spoken'
import { ref, shallowRef } from 'vue'
import type { ShareItem, ShareRef } from '../../../src-shared/domain/share'
import { bridge } from '../bridge'

/** The open sheet's items as main knows them (names and public links), in the order given. */
export function useShareItems(refs: readonly ShareRef[]) {
  const items = shallowRef<ShareItem[] | null>(null)
  const failure = ref<string | null>(null)

  async function load(): Promise<void> {
    const reply = await bridge().share.items([...refs])
    if (reply.ok) items.value = reply.value
    else failure.value = errorText(reply.error)
  }

  return { items, failure, load }
}
