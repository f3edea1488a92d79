import { defineStore } from 'pinia'
import { nextTick, shallowRef } from 'vue'
import type { ShareRef } from '../../../src-shared/domain/share'

/**
 * The Share sheet's one open request: which items (one, a batch, or a library selection), in
 * the order shown where it was opened. Entry points call `open`; the sheet (ShareSheet.vue,
 * mounted once in App.vue) shows whatever is open and calls `close`. Focus goes back to where
 * it was when the sheet closes.
 */
export const useShareSheet = defineStore('share-sheet', () => {
  const refs = shallowRef<readonly ShareRef[] | null>(null)
  let returnFocus: HTMLElement | null = null

  function open(items: readonly ShareRef[]): void {
    if (items.length === 0) return
    returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null
    refs.value = [...items]
  }

  function close(): void {
    refs.value = null
    const target = returnFocus
    returnFocus = null
    // Once the sheet is gone: while its modal dialog is open, the rest of the window is inert.
    void nextTick(() => {
      if (target?.isConnected) target.focus()
    })
  }

  return { refs, open, close }
})
