import { nextTick } from 'vue'
import { useAppStore } from '../stores/app-store'

/**
 * Opens Settings at one field (a link like "set it in Settings"): scrolled into view and
 * focused, or only scrolled to when the field is locked by the environment.
 */
export async function revealSetting(fieldId: string): Promise<void> {
  useAppStore().navigate('settings')
  await nextTick()
  const field = document.getElementById(fieldId)
  if (!(field instanceof HTMLInputElement)) return
  field.scrollIntoView({ block: 'center' })
  if (!field.disabled) field.focus()
}
