import { ref } from 'vue'
import type { LibraryItem } from '../../../src-shared/domain/library'
import { bridge } from '../bridge'
import { errorText } from '../i18n/spoken'
import { useAnnouncer } from '../stores/announcer'
import { useToast } from '../stores/toast'
import { TREND_WORDS } from './trend-words'

/** The file's own name, for the toast (the folder is what "Show in folder" is for). */
function fileNameOf(path: string): string {
  return path.split(/[\\/]/).filter(Boolean).at(-1) ?? path
}

/**
 * "Export readers' numbers (CSV)…": main asks where (its save dialog) and writes every count
 * FlipDrop kept of these items, or of the whole library without items. Saved, a toast offers
 * "Show in folder"; cancelled, nothing is said; refused, main's words.
 */
export function useReadersExport() {
  const toast = useToast()
  const announcer = useAnnouncer()
  const busy = ref(false)

  function say(text: string, tone: 'info' | 'error', path?: string): void {
    announcer.say(text)
    toast.show(text, tone, path === undefined ? {} : { action: { label: TREND_WORDS.export.showInFolder, run: () => showInFolder(path) } })
  }

  async function showInFolder(path: string): Promise<void> {
    const reply = await bridge().app.showInFolder(path)
    if (!reply.ok) say(errorText(reply.error), 'error')
  }

  /** Saves the numbers of these items, or of the whole library when none are given. */
  async function run(items?: readonly Pick<LibraryItem, 'id' | 'docType'>[]): Promise<void> {
    if (busy.value) return
    busy.value = true
    const refs = items?.map(({ id, docType }) => ({ id, docType }))
    try {
      const reply = await bridge().readers.exportCsv(refs ? { refs } : {})
      if (!reply.ok) return say(errorText(reply.error), 'error')
      const { path, rows } = reply.value
      if (path === null) return
      const file = fileNameOf(path)
      if (rows === 0) say(TREND_WORDS.export.nothingCounted(file), 'info', path)
      else say(refs ? TREND_WORDS.export.saved(refs.length, file) : TREND_WORDS.export.savedLibrary(file), 'info', path)
    } finally {
      busy.value = false
    }
  }

  return { busy, run }
}
