import { errorText } from '../i18n/spoken'
import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { AppInfo } from '../../../src-shared/domain/app-info'
import type { StartupState } from '../../../src-shared/domain/startup'
import type { View } from '../../../src-shared/domain/views'
import { bridge, unwrap } from '../bridge'
import { COMMON_WORDS } from '../words/common'
import { useMenuCommands } from './menu-commands'

/** App-wide state: who we are (from main), whether main has started, and which view is showing. */
export const useAppStore = defineStore('app', () => {
  const info = ref<AppInfo | null>(null)
  const infoError = ref<string | null>(null)
  const startup = ref<StartupState>({ phase: 'starting', message: null })
  const view = ref<View>('publish')

  async function loadInfo(): Promise<void> {
    try {
      info.value = await unwrap(bridge().app.info())
      infoError.value = null
    } catch (error) {
      infoError.value = error instanceof Error ? error.message : COMMON_WORDS.noVersion
    }
  }

  function setStartup(reply: Awaited<ReturnType<Window['flipdrop']['app']['startupState']>>): void {
    startup.value = reply.ok ? reply.value : { phase: 'failed', message: errorText(reply.error) }
  }

  /** Reads main's start-up state now and follows it; returns the unsubscribe. */
  function followStartup(): () => void {
    const stop = bridge().app.onStartupChanged((next) => {
      startup.value = next
    })
    void bridge().app.startupState().then(setStartup)
    return stop
  }

  async function retryStartup(): Promise<void> {
    startup.value = { phase: 'starting', message: null }
    setStartup(await bridge().app.retryStartup())
  }

  function navigate(next: View): void {
    view.value = next
  }

  /** Follows the application menu's View items, and its Add PDFs… and Publish from link…; returns the unsubscribe. */
  function followMenu(): () => void {
    const commands = useMenuCommands()
    const stops = [bridge().app.onNavigate(navigate), bridge().app.onMenuCommand((command) => commands.run(command))]
    return () => stops.forEach((stop) => stop())
  }

  /** Opens an https link in the browser through main; returns the refusal message, if any. */
  async function openExternal(url: string): Promise<string | null> {
    const result = await bridge().app.openExternal(url)
    return result.ok ? null : errorText(result.error)
  }

  return { info, infoError, startup, view, loadInfo, followStartup, retryStartup, navigate, followMenu, openExternal }
})
