import { shallowRef, type Ref } from 'vue'
import type { ReferenceLists } from '../../../src-shared/domain/account'
import type { Skin } from '../../../src-shared/domain/service/references'
import type { DocType } from '../../../src-shared/domain/service/item'
import { bridge } from '../bridge'

/** The account's reference lists, read once from main's cache (offline too) and followed. */
const lists = shallowRef<ReferenceLists | null>(null)
let started = false

function start(): void {
  if (started) return
  started = true
  void bridge()
    .account.references()
    .then((reply) => {
      if (reply.ok && reply.value.lists) lists.value = reply.value.lists
    })
  bridge().account.onReferencesChanged((view) => {
    if (view.lists) lists.value = view.lists
  })
}

/** The skins of a kind of item, by which a record's skin is named; empty until the lists are known. */
export function useSkins(): { skinsOf(docType: DocType): readonly Skin[]; lists: Ref<ReferenceLists | null> } {
  start()
  return {
    lists,
    skinsOf: (docType) => (docType === 'Document' ? (lists.value?.documentSkins ?? []) : (lists.value?.flipbookSkins ?? []))
  }
}
