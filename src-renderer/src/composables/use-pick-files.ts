import { getCurrentScope, onScopeDispose } from 'vue'
import type { RefusedSource } from '../../../src-shared/domain/queue'
import { bridge } from '../bridge'
import { COMMON_WORDS } from '../words/common'
import { resolveFiles, type ResolvedFiles } from './use-file-drop'

/** PDFs by type or by extension (some systems give a PDF no type). A hint to the chooser, not a check. */
const ACCEPT = 'application/pdf,.pdf'

/** What one pick asks for. */
export interface PickOptions {
  /** Several files (the default, "Add PDFs…") or exactly one ("Replace from file…"). */
  multiple?: boolean
}

/** What the user chose: the files' paths in the order chosen, and the files that got none. */
export type PickedFiles = ResolvedFiles

/** Why a chosen file got no path: in the browser demo, copying it to the host failed. */
function couldNotRead(file: File): RefusedSource {
  return { source: file.name, reason: COMMON_WORDS.files.couldNotRead(file.name) }
}

/**
 * The page's own file chooser, for where main has no OS dialog to show (the browser demo).
 *
 * `pickFiles(options?)`:
 * - In the app (`bridge().filePicker === 'main'`) it opens nothing and resolves to `null` at
 *   once: the caller then uses main's dialog as before (`publish.chooseFiles()`, that is
 *   `uploads.chooseFiles`; a replace asks main for its file in its own way).
 * - In the browser demo and the test host (`'page'`) it opens the browser's chooser (a hidden
 *   `<input type="file" accept="application/pdf,.pdf">`, `multiple` unless
 *   `{ multiple: false }`), copies each chosen file to the host, and resolves to
 *   `{ paths, skipped }`: paths ready to queue (`publish.addPaths(paths, skipped)`, or
 *   `paths[0]` as a replace's `path`), and each file that could not be copied, with the words
 *   to show. A cancelled chooser, a pick overtaken by a new one and an owner that unmounts
 *   resolve to `{ paths: [], skipped: [] }`.
 *
 * Call `pickFiles` in the click handler itself, before any `await`: browsers show a file
 * chooser only during the user's click. Nothing is checked here: main checks every file by
 * its bytes, as it does for a drop. One hidden input per owner, removed when its scope ends.
 */
export function usePickFiles(): { pickFiles: (options?: PickOptions) => Promise<PickedFiles | null> } {
  let input: HTMLInputElement | null = null
  let settle: ((files: File[]) => void) | null = null

  function finish(files: File[]): void {
    const open = settle
    settle = null
    open?.(files)
  }

  function chooser(): HTMLInputElement {
    if (input) return input
    const element = document.createElement('input')
    element.type = 'file'
    element.accept = ACCEPT
    element.hidden = true
    element.addEventListener('change', () => {
      const files = [...(element.files ?? [])]
      // Cleared so that choosing the same file again is a change too.
      element.value = ''
      finish(files)
    })
    element.addEventListener('cancel', () => finish([]))
    document.body.append(element)
    input = element
    return element
  }

  function pickFiles(options: PickOptions = {}): Promise<PickedFiles | null> {
    if (bridge().filePicker !== 'page') return Promise.resolve(null)
    finish([])
    const element = chooser()
    element.multiple = options.multiple ?? true
    const chosen = new Promise<File[]>((resolve) => {
      settle = resolve
    })
    element.click()
    return chosen.then((files) => resolveFiles(files, couldNotRead))
  }

  if (getCurrentScope()) {
    onScopeDispose(() => {
      finish([])
      input?.remove()
      input = null
    })
  }
  return { pickFiles }
}
