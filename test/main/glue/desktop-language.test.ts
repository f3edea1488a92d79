import { afterEach, describe, expect, it, vi } from 'vitest'
import type { QueueSummary } from '../../../src-main/shell/queue-mirror'

/** What the glue asked of Electron: menus built (their templates) and the tray's menus and tooltips. */
type Item = { label?: string; role?: string; submenu?: Item[] }
const trayMenus: Item[][] = []
const tooltips: string[] = []
vi.mock('electron', () => ({
  nativeImage: { createFromPath: () => ({ setTemplateImage: () => undefined }) },
  Menu: { buildFromTemplate: (template: Item[]) => ({ template }) },
  Tray: class {
    setToolTip(text: string): void {
      tooltips.push(text)
    }
    setContextMenu(menu: { template: Item[] }): void {
      trayMenus.push(menu.template)
    }
    on(): void {}
    destroy(): void {}
  }
}))

const { buildAppMenu } = await import('../../../src-main/shell/app-menu')
const { BackgroundTray } = await import('../../../src-main/shell/background-tray')
const { followDesktopLanguage } = await import('../../../src-main/shell/i18n/follow-desktop-language')
const { speakDesktop } = await import('../../../src-main/shell/i18n/desktop-i18n')

afterEach(() => speakDesktop('en'))

const help = { showLogs: () => undefined, copyDiagnostics: () => undefined }
const labels = (items: readonly Item[]): (string | undefined)[] => items.filter((item) => item.label !== undefined).map((item) => item.label)
const running: QueueSummary = { active: 3, sending: 1, failed: 0, queuePaused: false, batch: { sent: 40, total: 100 } }

describe('the menu and the tray follow Settings → Language', () => {
  it('relabels the application menu in German once the setting changes, standard items included', () => {
    let menu = buildAppMenu(() => undefined, { isMac: false, devTools: false, help }) as unknown as { template: Item[] }
    const follow = followDesktopLanguage(
      () => ['en-US'],
      () => (menu = buildAppMenu(() => undefined, { isMac: false, devTools: false, help }) as unknown as { template: Item[] })
    )
    follow('system')
    expect(labels(menu.template)).toEqual(['File', 'Edit', 'View', 'Window', 'Help'])

    follow('de')
    expect(labels(menu.template)).toEqual(['Datei', 'Bearbeiten', 'Ansicht', 'Fenster', 'Hilfe'])
    const [file, edit, view, , helpMenu] = menu.template
    expect(labels(file?.submenu ?? [])).toEqual(['PDFs hinzufügen …', 'Über Link veröffentlichen …', 'Beenden'])
    expect(labels(edit?.submenu ?? [])).toEqual(['Rückgängig', 'Wiederholen', 'Ausschneiden', 'Kopieren', 'Einfügen', 'Löschen', 'Alles auswählen'])
    expect(labels(view?.submenu ?? [])).toEqual(['Veröffentlichen', 'Bibliothek', 'Überwachte Ordner', 'Konto', 'Einstellungen', 'Vollbildmodus ein/aus'])
    expect(labels(helpMenu?.submenu ?? [])).toEqual(['Protokolle anzeigen', 'Diagnosedaten kopieren'])
  })

  it('labels the macOS app menu and Windows’ Exit in the language too', () => {
    speakDesktop('fr')
    const mac = buildAppMenu(() => undefined, { isMac: true, devTools: false }) as unknown as { template: Item[] }
    expect(labels(mac.template[0]?.submenu ?? [])).toEqual(['À propos de FlipDrop', 'Services', 'Masquer FlipDrop', 'Masquer les autres', 'Tout afficher', 'Quitter FlipDrop'])
    speakDesktop('nl')
    const windows = buildAppMenu(() => undefined, { isMac: false, isWindows: true, devTools: false }) as unknown as { template: Item[] }
    expect(windows.template[0]?.submenu?.at(-1)).toEqual({ role: 'quit', label: 'Afsluiten' })
  })

  it('sets the tray’s menu and tooltip again in the new language', () => {
    const tray = new BackgroundTray('/icon.png', 'linux', { show: () => undefined, pauseAll: () => undefined, resumeAll: () => undefined, quit: () => undefined })
    tray.update(true, running)
    tray.update(true, running)
    expect(trayMenus).toHaveLength(1)
    expect(tooltips).toEqual(['FlipDrop: 3 uploads left, 40 % sent'])

    const follow = followDesktopLanguage(
      () => [],
      () => {
        tray.relabel()
        tray.update(true, running)
      }
    )
    follow('de')
    expect(trayMenus).toHaveLength(2)
    expect(labels(trayMenus[1] ?? [])).toEqual(['FlipDrop anzeigen', 'Alle pausieren', 'Beenden'])
    expect(tooltips.at(-1)).toBe('FlipDrop: noch 3 Uploads, 40 % gesendet')
  })
})
