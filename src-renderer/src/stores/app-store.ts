import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { AppInfo } from '../../../src-shared/domain/app-info'
import type { View } from '../../../src-shared/domain/views'
import { bridge, unwrap } from '../bridge'

/** App-wide state: who we are (from main) and which view is showing. */
export const useAppStore = defineStore('app', () => {
  const info = ref<AppInfo | null>(null)
  const infoError = ref<string | null>(null)
  const view = ref<View>('publish')

  async function loadInfo(): Promise<void> {
    try {
      info.value = await unwrap(bridge().app.info())
      infoError.value = null
    } catch (error) {
      infoError.value = error instanceof Error ? error.message : 'FlipDrop could not read its own version.'
    }
  }

  function navigate(next: View): void {
    view.value = next
  }

  /** Follows the application menu's View items; returns the unsubscribe. */
  function followMenu(): () => void {
    return bridge().app.onNavigate(navigate)
  }

  /** Opens an https link in the browser through main; returns the refusal message, if any. */
  async function openExternal(url: string): Promise<string | null> {
    const result = await bridge().app.openExternal(url)
    return result.ok ? null : result.error.message
  }

  return { info, infoError, view, loadInfo, navigate, followMenu, openExternal }
})
