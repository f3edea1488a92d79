import { onBeforeUnmount, onMounted } from 'vue'
import { commandForKey } from '../shell/shortcuts'
import { useMenuCommands } from '../stores/menu-commands'

/**
 * Ctrl/Cmd+O (Add PDFs…) and Ctrl/Cmd+L (Publish from link…) from anywhere in the window, while
 * `enabled` says the app is ready; never under an open dialog, whose question comes first.
 */
export function useCommandKeys(enabled: () => boolean): void {
  const commands = useMenuCommands()
  function onKeydown(event: KeyboardEvent): void {
    const command = commandForKey(event)
    if (!command || !enabled() || document.querySelector('dialog[open]')) return
    event.preventDefault()
    commands.run(command)
  }
  onMounted(() => window.addEventListener('keydown', onKeydown))
  onBeforeUnmount(() => window.removeEventListener('keydown', onKeydown))
}
