import { Menu, nativeImage, Tray, type MenuItemConstructorOptions } from 'electron'
import { TRAY_MENU, trayTooltip } from './desktop-wording'
import { countText, listText, t } from './i18n/desktop-i18n'
import type { QueueSummary } from './queue-mirror'

export interface TrayActions {
  show(): void
  pauseAll(): void
  resumeAll(): void
  quit(): void
}

/** Windows cuts a tray tooltip at 127 characters (NOTIFYICONDATA's szTip); macOS and Linux show more, but not usefully. */
export const TRAY_TOOLTIP_MAX = 127
/** Accounts named one by one in the tooltip; past this, "and 2 more". */
const NAMED_ACCOUNTS = 2

/**
 * The tray's hover text: the queue's progress and, with several accounts signed in, whose
 * uploads run ("FlipDrop: 3 uploads left, 40 % sent — to Northwind and Acme"). `accounts`:
 * the names of the accounts uploads still wait or run for (see notice-planner's
 * `accountNoticeName`); empty with one account signed in, and the tooltip is as before.
 */
export function trayTooltipFor(summary: QueueSummary, accounts: readonly string[] = []): string {
  const base = trayTooltip(summary)
  const names = [...new Set(accounts)]
  if (summary.active === 0 || names.length === 0) return base
  const shown = names.slice(0, NAMED_ACCOUNTS)
  const rest = names.length - shown.length
  const list = listText(rest > 0 ? [...shown, t('desktop.list.more', { count: countText(rest) }, rest)] : shown)
  const text = t('desktop.tray.toAccounts', { status: base, accounts: list })
  return text.length <= TRAY_TOOLTIP_MAX ? text : `${text.slice(0, TRAY_TOOLTIP_MAX - 1)}…`
}

/** The tray menu: show the window, pause or resume everything, quit. */
export function trayMenuTemplate(queuePaused: boolean, actions: TrayActions): MenuItemConstructorOptions[] {
  return [
    { label: TRAY_MENU.show, click: () => actions.show() },
    queuePaused ? { label: TRAY_MENU.resumeAll, click: () => actions.resumeAll() } : { label: TRAY_MENU.pauseAll, click: () => actions.pauseAll() },
    { type: 'separator' },
    { label: TRAY_MENU.quit, click: () => actions.quit() }
  ]
}

/**
 * The menu-bar (macOS) / notification-area (Windows, Linux) icon shown while uploads
 * run without a window: the queue's progress in its tooltip and a small menu. The menu
 * is set again whenever it changes (Linux only picks up changes that way). A click on
 * the icon shows the window on Windows; macOS opens the menu, and Linux app indicators
 * have no click, only the menu.
 */
export class BackgroundTray {
  private tray: Tray | null = null
  private tooltip = ''
  private menuPaused: boolean | null = null

  constructor(
    private readonly iconPath: string,
    private readonly platform: NodeJS.Platform,
    private readonly actions: TrayActions
  ) {}

  /** `accounts`: whose uploads run, by name, when several accounts are signed in (see `trayTooltipFor`). */
  update(wanted: boolean, summary: QueueSummary | undefined, accounts: readonly string[] = []): void {
    if (!wanted || !summary) {
      this.destroy()
      return
    }
    const tray = this.tray ?? this.create()
    const tooltip = trayTooltipFor(summary, accounts)
    if (tooltip !== this.tooltip) {
      tray.setToolTip(tooltip)
      this.tooltip = tooltip
    }
    if (summary.queuePaused !== this.menuPaused) {
      tray.setContextMenu(Menu.buildFromTemplate(trayMenuTemplate(summary.queuePaused, this.actions)))
      this.menuPaused = summary.queuePaused
    }
  }

  /** The language changed: the next update sets the tooltip and the menu again, in the new words. */
  relabel(): void {
    this.tooltip = ''
    this.menuPaused = null
  }

  get visible(): boolean {
    return this.tray !== null
  }

  destroy(): void {
    this.tray?.destroy()
    this.tray = null
    this.tooltip = ''
    this.menuPaused = null
  }

  private create(): Tray {
    const image = nativeImage.createFromPath(this.iconPath)
    // The file name ends in "Template" on macOS already; marking it keeps the icon readable
    // in a dark menu bar even if the file is renamed.
    if (this.platform === 'darwin') image.setTemplateImage(true)
    const tray = new Tray(image)
    if (this.platform === 'win32') tray.on('click', () => this.actions.show())
    this.tray = tray
    return tray
  }
}
