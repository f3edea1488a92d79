/**
 * What the application menu asks the window to do beyond showing a view: the Publish view's two
 * ways in. The window has the same keys (Ctrl/Cmd+O, Ctrl/Cmd+L) for where no menu runs.
 */
export const MENU_COMMANDS = ['add-pdfs', 'publish-from-link'] as const

export type MenuCommand = (typeof MENU_COMMANDS)[number]

/** Each command's key with Ctrl (Cmd on macOS): the menu's accelerator and the window's own shortcut. */
export const MENU_COMMAND_KEYS: Record<MenuCommand, string> = {
  'add-pdfs': 'O',
  'publish-from-link': 'L'
}
