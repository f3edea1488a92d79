import { errorText } from '../../i18n/spoken'
import { computed, reactive, ref, watch } from 'vue'
import { settingsPatchSchema, type Settings } from '../../../../src-shared/domain/settings'
import { otherRefusal, settingsMessage } from '../../settings/schema-messages'
import { useSettingsStore } from '../../stores/settings-store'

type Field = keyof Settings

/**
 * Settings apply as they are changed (a switch when flipped, a field when left or on Enter),
 * each checked with the shared schema first. `values` is what the fields show: main's values,
 * except a field the user is editing; `errors` says why a value was not kept; `saved` is set
 * once a change of this group was kept (for its "Saved." line). Refusals show in the window's language.
 */
export function useSettingSave(fields: readonly Field[]) {
  const store = useSettingsStore()
  const current = (): Partial<Settings> => Object.fromEntries(fields.map((field) => [field, store.view?.values[field]]))
  const values = reactive<Partial<Settings>>(current())
  /** The refusals as the schema or main gave them (English); shown through the catalog at each render. */
  const refusals = ref<Partial<Record<Field, string>>>({})
  const errors = computed(() => Object.fromEntries(Object.entries(refusals.value).map(([field, message]) => [field, message === '' ? otherRefusal() : settingsMessage(message)])) as Partial<Record<Field, string>>)
  const saved = ref(false)
  const editing = new Set<Field>()

  // A change made elsewhere (the command, another window) shows, except where the user is typing.
  watch(
    () => store.view?.values,
    (next) => {
      if (!next) return
      for (const field of fields) if (!editing.has(field)) Object.assign(values, { [field]: next[field] })
    }
  )

  function edited(field: Field): void {
    editing.add(field)
    saved.value = false
  }

  /** Checks and keeps one field's value; true when it is kept (or was already). */
  async function save(field: Field): Promise<boolean> {
    // The change's schema: it refuses what main would (a password inside the proxy address).
    const parsed = settingsPatchSchema.shape[field].safeParse(values[field])
    if (!parsed.success) {
      refusals.value = { ...refusals.value, [field]: parsed.error.issues[0]?.message ?? '' }
      return false
    }
    const { [field]: _dropped, ...rest } = refusals.value
    refusals.value = rest
    editing.delete(field)
    if (store.view?.values[field] === parsed.data) return true
    const refused = await store.save({ [field]: parsed.data })
    if (refused) {
      refusals.value = { ...refusals.value, [field]: errorText(refused) }
      return false
    }
    saved.value = true
    return true
  }

  /** A value chosen at once (a switch, a select): shown, then checked and kept. */
  async function change<F extends Field>(field: F, value: Settings[F]): Promise<boolean> {
    Object.assign(values, { [field]: value })
    edited(field)
    return save(field)
  }

  return { values, errors, saved, edited, save, change }
}
