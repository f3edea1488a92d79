import { Menu, type MenuItemConstructorOptions, type WebContents } from 'electron'
import { contract } from '../../src-shared/contract'
import { VIEWS, VIEW_TITLES } from '../../src-shared/domain/views'
import { sendEvent } from '../ipc/register-ipc'

/**
 * The application menu: the standard roles plus a View menu whose items (Ctrl/Cmd+1..4)
 * switch the renderer's view through the contract's `app:navigate` event.
 */
export function buildAppMenu(target: () => WebContents | undefined, options: { isMac: boolean; devTools: boolean }): Menu {
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
    { role: 'windowMenu' }
  ]
  return Menu.buildFromTemplate(template)
}
