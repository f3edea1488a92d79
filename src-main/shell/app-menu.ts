import { Menu, type MenuItemConstructorOptions, type WebContents } from 'electron'
import { contract } from '../../src-shared/contract'
import { VIEWS, VIEW_TITLES } from '../../src-shared/domain/views'
import { sendEvent } from '../ipc/register-ipc'
import { HELP_MENU } from './desktop-wording'

/** The Help menu's actions (help-actions.ts). */
export interface HelpActions {
  showLogs(): void
  copyDiagnostics(): void
}

/**
 * The application menu: the standard roles plus a View menu whose items (Ctrl/Cmd+1..5)
 * switch the renderer's view through the contract's `app:navigate` event, and Help with
 * "Show logs" and "Copy diagnostics".
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
  const template: MenuItemConstructorOptions[] = [
    ...(options.isMac ? [{ role: 'appMenu' } as const] : []),
    { role: 'fileMenu' },
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
