import { MENU_COMMAND_KEYS, MENU_COMMANDS, type MenuCommand } from '../../../src-shared/domain/menu-commands'

/** macOS says ⌘ where the others say Ctrl. */
const IS_MAC = /Mac|iPhone|iPad/.test(navigator.userAgent)

/** The command a key press asks for: Ctrl (or ⌘) with the command's letter, nothing else held. */
export function commandForKey(event: KeyboardEvent): MenuCommand | null {
  if (!(event.ctrlKey || event.metaKey) || event.shiftKey || event.altKey) return null
  return MENU_COMMANDS.find((command) => MENU_COMMAND_KEYS[command] === event.key.toUpperCase()) ?? null
}

/** A command's shortcut as this system writes it: "Ctrl+O", "⌘O". */
export function shortcutOf(command: MenuCommand): string {
  return `${IS_MAC ? '⌘' : 'Ctrl+'}${MENU_COMMAND_KEYS[command]}`
}

/** The aria-keyshortcuts value of a command: both spellings, as the key handler takes both. */
export function ariaShortcutOf(command: MenuCommand): string {
  return `Control+${MENU_COMMAND_KEYS[command]} Meta+${MENU_COMMAND_KEYS[command]}`
}
