import { computed, onBeforeUnmount, onMounted, ref, shallowRef } from 'vue'
import type { RefusedSource } from '../../../src-shared/domain/queue'
import { bridge } from '../bridge'
import { previewDrag, type DragPreview } from '../publish/drop-preview'
import { JOB_DRAG_TYPE } from '../publish/reorder'

/** What a drop brought: paths of files on disk, those without one, or a dragged link. */
export interface Dropped {
  paths: string[]
  skipped: RefusedSource[]
  url: string | null
}

const isOurs = (event: DragEvent): boolean => event.dataTransfer?.types.includes(JOB_DRAG_TYPE) === true
const carriesFiles = (event: DragEvent): boolean => {
  const types = event.dataTransfer?.types ?? []
  return !isOurs(event) && (types.includes('Files') || types.includes('text/uri-list'))
}

/** Elements that take a dropped PDF themselves (a library item: replace its PDF), not the window. */
const OWN_DROP_TARGET = '[data-replace-target]'
const onOwnTarget = (event: DragEvent): boolean => event.target instanceof Element && event.target.closest(OWN_DROP_TARGET) !== null

/** The first link of a text/uri-list (lines starting with # are comments). */
function firstLink(list: string): string | null {
  return list.split(/\r?\n/).map((line) => line.trim()).find((line) => line !== '' && !line.startsWith('#')) ?? null
}

/** Reads a drop: each file's path through the preload (webUtils.getPathForFile in Electron). */
export function readDrop(transfer: DataTransfer): Dropped {
  const files = [...transfer.files]
  const paths: string[] = []
  const skipped: RefusedSource[] = []
  for (const file of files) {
    const path = bridge().getPathForFile(file)
    if (path) paths.push(path)
    else {
      skipped.push({
        source: file.name || 'A dropped item',
        reason: `${file.name || 'A dropped item'} is not a file on this computer (dragged from a web page or an app?): save it first, then drop the file.`
      })
    }
  }
  const url = files.length === 0 ? firstLink(transfer.getData('text/uri-list')) : null
  return { paths, skipped, url }
}

/**
 * Files dragged anywhere over the window: `preview` says what is coming while it hovers
 * (types only: browsers give names on drop), `onDrop` gets the paths. Everything dropped
 * is taken here, so the window never navigates to a dropped file.
 */
export function useFileDrop(enabled: () => boolean, onDrop: (dropped: Dropped) => void) {
  const dragging = ref(false)
  /** Over an element that takes the drop itself: the window's overlay steps aside. */
  const overOwnTarget = ref(false)
  const active = computed(() => dragging.value && !overOwnTarget.value)
  const preview = shallowRef<DragPreview | null>(null)
  let depth = 0

  function reset(): void {
    depth = 0
    dragging.value = false
    overOwnTarget.value = false
    preview.value = null
  }

  function enter(event: DragEvent): void {
    if (!carriesFiles(event) || !enabled()) return
    depth++
    const transfer = event.dataTransfer
    if (transfer) preview.value = previewDrag([...transfer.items].map(({ kind, type }) => ({ kind, type })), [...transfer.types])
    dragging.value = true
  }

  function over(event: DragEvent): void {
    if (isOurs(event)) return
    overOwnTarget.value = onOwnTarget(event)
    event.preventDefault()
    if (event.dataTransfer) event.dataTransfer.dropEffect = carriesFiles(event) && enabled() ? 'copy' : 'none'
  }

  function leave(event: DragEvent): void {
    if (!carriesFiles(event)) return
    depth = Math.max(0, depth - 1)
    if (depth === 0) reset()
  }

  function drop(event: DragEvent): void {
    if (isOurs(event)) return
    event.preventDefault()
    const wanted = dragging.value || carriesFiles(event)
    const handledThere = onOwnTarget(event)
    reset()
    if (handledThere || !wanted || !enabled() || !event.dataTransfer) return
    onDrop(readDrop(event.dataTransfer))
  }

  onMounted(() => {
    window.addEventListener('dragenter', enter)
    window.addEventListener('dragover', over)
    window.addEventListener('dragleave', leave)
    window.addEventListener('drop', drop)
  })
  onBeforeUnmount(() => {
    window.removeEventListener('dragenter', enter)
    window.removeEventListener('dragover', over)
    window.removeEventListener('dragleave', leave)
    window.removeEventListener('drop', drop)
  })

  return { active, preview, cancel: reset }
}
