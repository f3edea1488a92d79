import { computed, onBeforeUnmount, onMounted, ref, shallowRef } from 'vue'
import type { RefusedSource } from '../../../src-shared/domain/queue'
import { bridge } from '../bridge'
import { previewDrag, type DragPreview } from '../publish/drop-preview'
import { JOB_DRAG_TYPE } from '../publish/reorder'
import { COMMON_WORDS } from '../words/common'

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

/** Files with their paths (in order), and those without one, refused in words about a drop. */
export type ResolvedFiles = Pick<Dropped, 'paths' | 'skipped'>

/** Why a dropped file without a path is refused (a file dragged out of a web page or a mail). */
function notOnThisComputer(file: File): RefusedSource {
  const name = file.name || COMMON_WORDS.files.droppedItem
  return { source: name, reason: COMMON_WORDS.files.notOnThisComputer(name) }
}

function splitByPath(files: readonly File[], paths: readonly string[], refuse: (file: File) => RefusedSource): ResolvedFiles {
  const resolved: ResolvedFiles = { paths: [], skipped: [] }
  files.forEach((file, index) => {
    const path = paths[index]
    if (path) resolved.paths.push(path)
    else resolved.skipped.push(refuse(file))
  })
  return resolved
}

/**
 * The paths of files the user dropped or picked, through the bridge's `pathsForFiles`: in the
 * app that is webUtils.getPathForFile (no bytes leave the page); in the browser demo each file
 * is copied to the host first. A file without a path is refused with `refuse(file)`.
 */
export async function resolveFiles(files: readonly File[], refuse: (file: File) => RefusedSource = notOnThisComputer): Promise<ResolvedFiles> {
  if (files.length === 0) return { paths: [], skipped: [] }
  // A bridge that fails gives no paths, so every file is refused rather than lost silently.
  const paths = await bridge().pathsForFiles(files).catch((): string[] => [])
  return splitByPath(files, paths, refuse)
}

/**
 * Reads a drop or a paste, with each file's path from the bridge. The transfer is read at
 * once, before anything is awaited: a DataTransfer is empty once its event has returned.
 * Use this rather than {@link readDrop}, which finds no path for a file in the browser demo.
 */
export function resolveDrop(transfer: DataTransfer): Promise<Dropped> {
  const files = [...transfer.files]
  const url = files.length === 0 ? firstLink(transfer.getData('text/uri-list')) : null
  return resolveFiles(files).then((resolved) => ({ ...resolved, url }))
}

/**
 * Reads a drop synchronously, each file's path through `getPathForFile` (webUtils in
 * Electron). Kept for the callers that still need an answer inside their event handler; in
 * the browser demo a file without a `dropDir` match gets no path here: use {@link resolveDrop}.
 */
export function readDrop(transfer: DataTransfer): Dropped {
  const files = [...transfer.files]
  const resolved = splitByPath(files, files.map((file) => bridge().getPathForFile(file)), notOnThisComputer)
  const url = files.length === 0 ? firstLink(transfer.getData('text/uri-list')) : null
  return { ...resolved, url }
}

/**
 * Files dragged anywhere over the window: `preview` says what is coming while it hovers
 * (types only: browsers give names on drop), `onDrop` gets the paths once they are known
 * (at once in the app; after each file is copied in the browser demo), drops in the order
 * they were made. Everything dropped is taken here, so the window never navigates to a
 * dropped file.
 */
export function useFileDrop(enabled: () => boolean, onDrop: (dropped: Dropped) => void) {
  const dragging = ref(false)
  /** Over an element that takes the drop itself: the window's overlay steps aside. */
  const overOwnTarget = ref(false)
  const active = computed(() => dragging.value && !overOwnTarget.value)
  const preview = shallowRef<DragPreview | null>(null)
  let depth = 0
  /** The last drop still being resolved: the next one is delivered after it, never before. */
  let delivered: Promise<void> = Promise.resolve()

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
    const resolving = resolveDrop(event.dataTransfer)
    const turn = delivered.then(() => resolving).then(onDrop)
    // A drop whose handler threw is reported as uncaught, and does not hold up the next one.
    delivered = turn.catch((error: unknown) => reportError(error))
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
