import { Menu, type MenuItemConstructorOptions, type WebContents } from 'electron'
import { contract } from '../../src-shared/contract'
import { MENU_COMMAND_KEYS, MENU_COMMANDS, type MenuCommand } from '../../src-shared/domain/menu-commands'
import { VIEWS, type View } from '../../src-shared/domain/views'
import { sendEvent } from '../ipc/register-ipc'
import { HELP_MENU } from './desktop-wording'
import { t } from './i18n/desktop-i18n'

/** The Help menu's actions (help-actions.ts). */
export interface HelpActions {
  showLogs(): void
  copyDiagnostics(): void
}

/** The menu's words for the Publish view's two ways in (the same as its buttons). */
const COMMAND_KEYS: Record<MenuCommand, string> = {
  'add-pdfs': 'desktop.menu.addPdfs',
  'publish-from-link': 'desktop.menu.publishFromLink'
}

const VIEW_KEYS: Record<View, string> = {
  publish: 'desktop.menu.views.publish',
  library: 'desktop.menu.views.library',
  watched: 'desktop.menu.views.watched',
  account: 'desktop.menu.views.account',
  settings: 'desktop.menu.views.settings'
}

/** A standard item with its label in main's language: Electron's own labels are English on Windows and Linux. */
const role = (name: NonNullable<MenuItemConstructorOptions['role']>, key: string): MenuItemConstructorOptions => ({ role: name, label: t(key) })
const separator: MenuItemConstructorOptions = { type: 'separator' }

/** What Electron's editMenu role holds, labelled. */
function editItems(isMac: boolean): MenuItemConstructorOptions[] {
  return [
    role('undo', 'desktop.menu.undo'),
    role('redo', 'desktop.menu.redo'),
    separator,
    role('cut', 'desktop.menu.cut'),
    role('copy', 'desktop.menu.copy'),
    role('paste', 'desktop.menu.paste'),
    ...(isMac
      ? [role('pasteAndMatchStyle', 'desktop.menu.pasteAndMatchStyle'), role('delete', 'desktop.menu.delete'), role('selectAll', 'desktop.menu.selectAll')]
      : [role('delete', 'desktop.menu.delete'), separator, role('selectAll', 'desktop.menu.selectAll')])
  ]
}

/** What Electron's appMenu role holds on macOS, labelled. */
function appItems(): MenuItemConstructorOptions[] {
  return [
    role('about', 'desktop.menu.about'),
    separator,
    role('services', 'desktop.menu.services'),
    separator,
    role('hide', 'desktop.menu.hide'),
    role('hideOthers', 'desktop.menu.hideOthers'),
    role('unhide', 'desktop.menu.showAll'),
    separator,
    role('quit', 'desktop.menu.quitMac')
  ]
}

/**
 * The application menu, in main's language (built again when it changes): the standard items,
 * labelled, plus a File menu with "Add PDFs…" (Ctrl/Cmd+O) and "Publish from link…"
 * (Ctrl/Cmd+L) sent as `app:menuCommand`, a View menu whose items (Ctrl/Cmd+1..5) switch the
 * renderer's view through `app:navigate`, and Help with "Show logs" and "Copy diagnostics".
 */
export function buildAppMenu(
  target: () => WebContents | undefined,
  options: { isMac: boolean; isWindows?: boolean; devTools: boolean; help?: HelpActions }
): Menu {
  const { isMac } = options
  const viewItems: MenuItemConstructorOptions[] = VIEWS.map((view, index) => ({
    label: t(VIEW_KEYS[view]),
    accelerator: `CmdOrCtrl+${index + 1}`,
    click: () => {
      const contents = target()
      if (contents) sendEvent(contents, contract.app.navigate, view)
    }
  }))
  const fileItems: MenuItemConstructorOptions[] = MENU_COMMANDS.map((command) => ({
    label: t(COMMAND_KEYS[command]),
    accelerator: `CmdOrCtrl+${MENU_COMMAND_KEYS[command]}`,
    // The window takes these keys itself (they work where no menu runs, as in the browser
    // demo): on Linux and Windows the menu only shows them, so one press is one command.
    registerAccelerator: false,
    click: () => {
      const contents = target()
      if (contents) sendEvent(contents, contract.app.menuCommand, command)
    }
  }))
  const lastFileItem = isMac ? role('close', 'desktop.menu.close') : role('quit', options.isWindows ? 'desktop.menu.exitWindows' : 'desktop.menu.quit')
  const template: MenuItemConstructorOptions[] = [
    // macOS makes the first menu the app menu, whatever its label.
    ...(isMac ? [{ label: 'FlipDrop', submenu: appItems() }] : []),
    // What the standard fileMenu role holds (Close on macOS, Quit elsewhere), after FlipDrop's own two.
    { label: t('desktop.menu.file'), submenu: [...fileItems, separator, lastFileItem] },
    { label: t('desktop.menu.edit'), submenu: editItems(isMac) },
    {
      label: t('desktop.menu.view'),
      submenu: [
        ...viewItems,
        separator,
        role('togglefullscreen', 'desktop.menu.fullScreen'),
        // Packaged builds have no DevTools (the window's webPreferences turn them off too); an engineer's item, left in Electron's words.
        ...(options.devTools ? [{ role: 'toggleDevTools' } as const] : [])
      ]
    },
    {
      // The window role: macOS lists the open windows in it.
      label: t('desktop.menu.window'),
      role: 'window',
      submenu: [
        role('minimize', 'desktop.menu.minimize'),
        role('zoom', 'desktop.menu.zoom'),
        ...(isMac ? [separator, role('front', 'desktop.menu.front')] : [role('close', 'desktop.menu.close')])
      ]
    },
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
