import { errorText } from '../i18n/spoken'
import { computed, getCurrentScope, onScopeDispose, ref } from 'vue'
import type { DownloadProgress, LibraryItem } from '../../../src-shared/domain/library'
import { bridge } from '../bridge'
import { formatBytes } from '../format/bytes'
import { useAnnouncer } from '../stores/announcer'
import { useToast } from '../stores/toast'
import { detailWords } from './words'

/**
 * "Download PDF" for one item: main asks where (its save dialog), streams the file there and
 * reports progress. Once saved, the toast offers "Show in folder" (the file, selected).
 */
export function useItemDownload(item: () => LibraryItem) {
  const toast = useToast()
  const announcer = useAnnouncer()
  const busy = ref(false)
  const progress = ref<DownloadProgress | null>(null)
  const progressText = computed(() => {
    const now = progress.value
    if (!now) return ''
    return now.total ? `${formatBytes(now.received)} / ${formatBytes(now.total)}` : formatBytes(now.received)
  })
  const stop = bridge().library.onDownloadProgress((next) => {
    if (next.key === item().key) progress.value = next
  })
  if (getCurrentScope()) onScopeDispose(stop)

  async function start(): Promise<void> {
    if (busy.value) return
    const { id, docType } = item()
    busy.value = true
    progress.value = null
    const reply = await bridge().library.downloadPdf({ id, docType })
    busy.value = false
    progress.value = null
    if (!reply.ok) toast.show(errorText(reply.error), 'error')
    else if (reply.value.path) {
      const path = reply.value.path
      announcer.say(detailWords.saved(formatBytes(reply.value.bytes), path))
      toast.show(detailWords.saved(formatBytes(reply.value.bytes), path), 'info', { action: { label: detailWords.showInFolder, run: () => showInFolder(path) } })
    }
  }

  async function showInFolder(path: string): Promise<void> {
    const reply = await bridge().library.showDownload(path)
    if (!reply.ok) toast.show(errorText(reply.error), 'error')
  }

  return { busy, progress, progressText, start }
}
