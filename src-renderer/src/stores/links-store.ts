import { errorText } from '../i18n/spoken'
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type { Envelope } from '../../../src-shared/contract/errors'
import type { LinksView } from '../../../src-shared/domain/links'
import type { DocType } from '../../../src-shared/domain/service/item'
import { bridge } from '../bridge'

/** Local PDFs linked to items and the hot folders, as main keeps them. */
export const useLinksStore = defineStore('links', () => {
  const view = ref<LinksView | null>(null)
  const error = ref<string | null>(null)

  /** Items with a linked file: a finished job of one of them says "Linked" instead of offering it. */
  const linkedItems = computed(() => new Set((view.value?.links ?? []).map((link) => `${link.docType}:${link.itemId}`)))

  /** Runs a links action; a refusal becomes `error` (and is returned). */
  async function act<T>(call: Promise<Envelope<T>>, after?: (value: T) => void): Promise<string | null> {
    const reply = await call
    if (!reply.ok) {
      error.value = errorText(reply.error)
      return errorText(reply.error)
    }
    error.value = null
    after?.(reply.value)
    return null
  }
  const links = () => bridge().links
  const take = (next: LinksView): void => {
    view.value = next
  }

  return {
    view,
    error,
    linkedItems,
    load: () => act(links().list(), take),
    follow: () => links().onChanged(take),
    linkJob: (jobId: string) => act(links().linkJob({ jobId })),
    unlink: (linkId: string) => act(links().unlink({ linkId }), take),
    pause: (linkId: string) => act(links().pause({ linkId })),
    resume: (linkId: string) => act(links().resume({ linkId })),
    addHotFolder: (path: string, docType: DocType) => act(links().addHotFolder({ path, docType }), take),
    removeHotFolder: (folderId: string) => act(links().removeHotFolder({ folderId }), take),
    pauseHotFolder: (folderId: string) => act(links().pauseHotFolder({ folderId }), take),
    resumeHotFolder: (folderId: string) => act(links().resumeHotFolder({ folderId }), take),
    /** All the folder's offered files, or the ones named. */
    publishOffered: (folderId: string, paths?: string[]) => act(links().publishOffered(paths ? { folderId, paths } : { folderId }), take),
    ignoreOffered: (folderId: string, paths: string[]) => act(links().ignoreOffered({ folderId, paths }), take),
    restoreVersion: (linkId: string, sha256: string) => act(links().restoreVersion({ linkId, sha256 })),
    /** A link or hot folder of the single-account time works for the signed-in account chosen. */
    chooseAccount: (choice: { linkId: string; accountId: string } | { folderId: string; accountId: string }) => act(links().chooseAccount(choice), take),
    setKeepCopies: (keepCopies: boolean) => act(links().setKeepCopies({ keepCopies }), take),
    /** "Add a hot folder…": the OS folder dialog in main; cancelling changes nothing. */
    chooseHotFolder: (docType: DocType) =>
      act(links().chooseHotFolder({ docType }), (next) => {
        if (next) take(next)
      }),
    /** "Link a local file…" on an item: the OS file dialog in main. */
    chooseAndLink: (itemId: number) => act(links().chooseAndLink({ itemId }))
  }
})
