import { Menu, type MenuItemConstructorOptions, type WebContents } from 'electron'
import { contract } from '../../src-shared/contract'
import { MENU_COMMAND_KEYS, MENU_COMMAND_LABELS, MENU_COMMANDS } from '../../src-shared/domain/menu-commands'
import { VIEWS, VIEW_TITLES } from '../../src-shared/domain/views'
import { sendEvent } from '../ipc/register-ipc'
import { FILE_MENU, HELP_MENU } from './desktop-wording'

/** The Help menu's actions (help-actions.ts). */
export interface HelpActions {
  showLogs(): void
  copyDiagnostics(): void
}

/**
 * The application menu: the standard roles plus a File menu with "Add PDFs…" (Ctrl/Cmd+O) and
 * "Publish from link…" (Ctrl/Cmd+L) sent as `app:menuCommand`, a View menu whose items
 * (Ctrl/Cmd+1..5) switch the renderer's view through `app:navigate`, and Help with "Show logs"
 * and "Copy diagnostics".
 */
export function buildAppMenu(target: () => WebContents | undefined, options: { isMac: boolean; devTools: boolean; help?: HelpActions }): Menu {
  const viewItems: MenuItemConstructorOptions[] = VIEWS.map((view, index) => ({
    label: VIEW_TITLES[view],
    accelerator: `CmdOrCtrl+${index + 1}`,
    click: () => {
      const contents = target()
      if (contents) sendEvent(contents, contract.app.navigate, view)
    }
  }))
  const fileItems: MenuItemConstructorOptions[] = MENU_COMMANDS.map((command) => ({
    label: MENU_COMMAND_LABELS[command],
    accelerator: `CmdOrCtrl+${MENU_COMMAND_KEYS[command]}`,
    // The window takes these keys itself (they work where no menu runs, as in the browser
    // demo): on Linux and Windows the menu only shows them, so one press is one command.
    registerAccelerator: false,
    click: () => {
      const contents = target()
      if (contents) sendEvent(contents, contract.app.menuCommand, command)
    }
  }))
  const template: MenuItemConstructorOptions[] = [
    ...(options.isMac ? [{ role: 'appMenu' } as const] : []),
    // What the standard fileMenu role holds (Close on macOS, Quit elsewhere), after FlipDrop's own two.
    { label: FILE_MENU.file, submenu: [...fileItems, { type: 'separator' }, options.isMac ? { role: 'close' } : { role: 'quit' }] },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        ...viewItems,
        { type: 'separator' },
        { role: 'togglefullscreen' },
        // Packaged builds have no DevTools (the window's webPreferences turn them off too).
        ...(options.devTools ? [{ role: 'toggleDevTools' } as const] : [])
      ]
    },
    { role: 'windowMenu' },
    ...(options.help
      ? [
          {
            label: HELP_MENU.help,
            role: 'help' as const,
            submenu: [
              { label: HELP_MENU.showLogs, click: options.help.showLogs },
              { label: HELP_MENU.copyDiagnostics, click: options.help.copyDiagnostics }
            ]
          }
        ]
      : [])
  ]
  return Menu.buildFromTemplate(template)
}
