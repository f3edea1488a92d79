import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { QueueSummary } from '../../../src-main/shell/queue-mirror'

/** Electron's tray, recorded: the tests read what the icon was told. */
const trays: { tooltips: string[]; menus: number; destroyed: boolean }[] = []
vi.mock('electron', () => ({
  nativeImage: { createFromPath: () => ({ setTemplateImage: () => undefined }) },
  Menu: { buildFromTemplate: (template: unknown) => template },
  Tray: class {
    record = { tooltips: [] as string[], menus: 0, destroyed: false }
    constructor() {
      trays.push(this.record)
    }
    setToolTip(text: string): void {
      this.record.tooltips.push(text)
    }
    setContextMenu(): void {
      this.record.menus++
    }
    on(): void {}
    destroy(): void {
      this.record.destroyed = true
    }
  }
}))

const { BackgroundTray, TRAY_TOOLTIP_MAX, trayTooltipFor } = await import('../../../src-main/shell/background-tray')

const running = (active: number, sent = 40, total = 100): QueueSummary => ({ active, sending: 1, failed: 0, queuePaused: false, batch: { sent, total } })
const actions = { show: () => undefined, pauseAll: () => undefined, resumeAll: () => undefined, quit: () => undefined }

describe('the tray names the accounts uploads run for, when more than one is signed in', () => {
  beforeEach(() => {
    trays.length = 0
  })

  it('with no account names (one account signed in), the tooltip is as before', () => {
    expect(trayTooltipFor(running(3))).toBe('FlipDrop: 3 uploads left, 40 % sent')
    expect(trayTooltipFor(running(3), [])).toBe('FlipDrop: 3 uploads left, 40 % sent')
  })

  it('names one or two accounts, then "and N more"; nothing when nothing runs', () => {
    expect(trayTooltipFor(running(3), ['Northwind'])).toBe('FlipDrop: 3 uploads left, 40 % sent — to Northwind')
    expect(trayTooltipFor(running(3), ['Northwind', 'Acme', 'Northwind'])).toBe('FlipDrop: 3 uploads left, 40 % sent — to Northwind and Acme')
    expect(trayTooltipFor(running(5), ['Northwind', 'Acme', 'Contoso', 'Fabrikam'])).toBe('FlipDrop: 5 uploads left, 40 % sent — to Northwind, Acme, and 2 more')
    expect(trayTooltipFor(running(0), ['Northwind'])).toBe('FlipDrop')
  })

  it('stays within what Windows shows of a tray tooltip', () => {
    const long = ['A very long white-label brand name for a client (someone@agency.example)', 'Another rather long brand (another@agency.example)']
    const text = trayTooltipFor(running(12), long)
    expect(text.length).toBe(TRAY_TOOLTIP_MAX)
    expect(text.endsWith('…')).toBe(true)
  })

  it('BackgroundTray sets the named tooltip, and again only when it changes', () => {
    const tray = new BackgroundTray('/icon.png', 'linux', actions)
    tray.update(true, running(2), ['Northwind', 'Acme'])
    tray.update(true, running(2), ['Northwind', 'Acme'])
    tray.update(true, running(1), ['Acme'])
    expect(trays[0]?.tooltips).toEqual(['FlipDrop: 2 uploads left, 40 % sent — to Northwind and Acme', 'FlipDrop: 1 upload left, 40 % sent — to Acme'])
    tray.update(false, running(0))
    expect(trays[0]?.destroyed).toBe(true)
  })
})
