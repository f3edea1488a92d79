import { Menu, nativeImage, Tray, type MenuItemConstructorOptions } from 'electron'
import { TRAY_MENU, trayTooltip } from './desktop-wording'
import type { QueueSummary } from './queue-mirror'

export interface TrayActions {
  show(): void
  pauseAll(): void
  resumeAll(): void
  quit(): void
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

  update(wanted: boolean, summary: QueueSummary | undefined): void {
    if (!wanted || !summary) {
      this.destroy()
      return
    }
    const tray = this.tray ?? this.create()
    const tooltip = trayTooltip(summary)
    if (tooltip !== this.tooltip) {
      tray.setToolTip(tooltip)
      this.tooltip = tooltip
    }
    if (summary.queuePaused !== this.menuPaused) {
      tray.setContextMenu(Menu.buildFromTemplate(trayMenuTemplate(summary.queuePaused, this.actions)))
      this.menuPaused = summary.queuePaused
    }
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
