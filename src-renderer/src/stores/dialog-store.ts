import { defineStore } from 'pinia'
import { shallowRef } from 'vue'

/** A question that needs an answer before something happens (replace a live flipbook, sign out with work waiting). */
export interface Question {
  title: string
  /** One or two sentences: what happens, and what stays. */
  message: string
  /** More lines under the message (what is affected). */
  details?: string[]
  /** The button that goes ahead, named by what it does ("Replace", "Sign out"). */
  confirmLabel: string
  cancelLabel?: string
  /** `danger` when going ahead changes or removes something live. */
  tone?: 'primary' | 'danger'
}

/**
 * One question at a time, asked in a modal dialog (components/ConfirmDialog.vue); `ask`
 * resolves true when the user goes ahead, false when they cancel or close it.
 */
export const useDialog = defineStore('dialog', () => {
  const open = shallowRef<(Question & { answer: (yes: boolean) => void }) | null>(null)

  function ask(question: Question): Promise<boolean> {
    // A new question answers an open one with "no": nothing goes ahead unasked.
    open.value?.answer(false)
    return new Promise<boolean>((resolve) => {
      open.value = {
        ...question,
        answer: (yes) => {
          open.value = null
          resolve(yes)
        }
      }
    })
  }

  return { open, ask }
})
