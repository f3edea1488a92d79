import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { MenuCommand } from '../../../src-shared/domain/menu-commands'
import { useAppStore } from './app-store'

/**
 * "Add PDFs…" and "Publish from link…" asked for from outside the Publish view (the menu, or
 * Ctrl/Cmd+O and L anywhere): the view is shown, and its toolbar takes the command once mounted.
 */
export const useMenuCommands = defineStore('menu-commands', () => {
  const app = useAppStore()
  const pending = ref<MenuCommand | null>(null)
  let last: { command: MenuCommand; at: number } | null = null

  function run(command: MenuCommand): void {
    // The window's key and the menu's accelerator may both see one press (macOS has no way to
    // show an accelerator without registering it): one press opens one chooser.
    const now = performance.now()
    if (last?.command === command && now - last.at < 500) return
    last = { command, at: now }
    app.navigate('publish')
    pending.value = command
  }

  /** The command waiting for the Publish toolbar, taken once. */
  function take(): MenuCommand | null {
    const command = pending.value
    pending.value = null
    return command
  }

  return { pending, run, take }
})
