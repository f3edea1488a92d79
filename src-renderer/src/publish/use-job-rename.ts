import { reactive, ref, watch } from 'vue'
import { renameJobSchema, type JobView } from '../../../src-shared/domain/queue'
import { fieldErrors } from '../forms/field-errors'
import { useQueueStore } from '../stores/queue-store'

/**
 * A job's name and title as a form: checked as main checks them, then saved through the
 * queue's rename. Shared by the editor in the ⋯ menu and a held row's own fields.
 */
export function useJobRename(job: () => JobView) {
  const queue = useQueueStore()
  const form = reactive({ name: job().name, title: job().title })
  const errors = ref<Record<string, string>>({})

  /** Puts back what main holds (Escape), with no error left standing. */
  function reset(): void {
    errors.value = {}
    form.name = job().name
    form.title = job().title
  }
  // What main says now shows again (after a save, or a change made elsewhere), unless the user is mid-edit.
  watch(
    () => [job().name, job().title],
    ([name, title], [nameBefore, titleBefore]) => {
      if (form.name === nameBefore) form.name = name ?? ''
      if (form.title === titleBefore) form.title = title ?? ''
    }
  )

  const changed = (): boolean => form.name !== job().name || form.title !== job().title

  /** Saves the fields; true when saved (or nothing changed), false with `errors` set when refused. */
  async function save(): Promise<boolean> {
    const current = job()
    const parsed = renameJobSchema.safeParse({ jobId: current.id, name: form.name, title: form.title })
    if (!parsed.success) {
      errors.value = fieldErrors(parsed.error)
      return false
    }
    errors.value = {}
    if (!changed()) return true
    const refusal = await queue.rename(current.id, parsed.data.name ?? current.name, parsed.data.title ?? current.title)
    if (refusal) errors.value = { name: refusal }
    return refusal === null
  }

  return { form, errors, save, reset }
}
