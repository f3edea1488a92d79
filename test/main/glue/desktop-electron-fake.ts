import { vi } from 'vitest'
import { electronFake, type Listener } from './electron-fake'

/**
 * The `electron` stand-in for the desktop glue (taskbar, notifications, tray, quitting,
 * opened files): electronFake plus the app, Notification, Tray, nativeImage, dialog and
 * clipboard, recording what the glue asks of them.
 */

/** A cancellable Electron event: records whether a listener called preventDefault. */
export interface FakeEvent {
  preventDefault(): void
  readonly defaultPrevented: boolean
}

export function fakeEvent(extra: Record<string, unknown> = {}): FakeEvent {
  let prevented = false
  return {
    ...extra,
    preventDefault: () => {
      prevented = true
    },
    get defaultPrevented() {
      return prevented
    }
  }
}

export class FakeApp {
  readonly listeners = new Map<string, Listener[]>()
  ready = false
  /** Set when the app would really terminate (quit not cancelled, or exit). */
  terminated = false
  readonly setBadgeCount = vi.fn((_count: number) => true)
  readonly exit = vi.fn((_code?: number) => {
    this.terminated = true
  })
  readonly requestSingleInstanceLock = vi.fn(() => true)
  readonly quitCalls = vi.fn()

  on(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener])
    return this
  }
  isReady(): boolean {
    return this.ready
  }
  emit(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) listener(...args)
  }
  /** Emits a cancellable event; true when a listener prevented it. */
  emitCancellable(event: string, ...args: unknown[]): boolean {
    const fired = fakeEvent()
    this.emit(event, fired, ...args)
    return fired.defaultPrevented
  }
  /** Electron's order: before-quit, (windows close), will-quit, then the process ends. */
  quit(): void {
    this.quitCalls()
    if (this.emitCancellable('before-quit')) return
    if (this.emitCancellable('will-quit')) return
    this.terminated = true
  }
}

export class FakeNotification {
  static instances: FakeNotification[] = []
  static supported = true
  readonly listeners = new Map<string, Listener>()
  shown = false
  constructor(readonly options: { title?: string; body?: string; actions?: { type: string; text?: string }[] }) {
    FakeNotification.instances.push(this)
  }
  static isSupported(): boolean {
    return FakeNotification.supported
  }
  on(event: string, listener: Listener): this {
    this.listeners.set(event, listener)
    return this
  }
  show(): void {
    this.shown = true
  }
  fire(event: string, ...args: unknown[]): void {
    this.listeners.get(event)?.(...args)
  }
}

export interface FakeMenuItem {
  label?: string
  type?: string
  click?: () => void
}

export class FakeTray {
  static instances: FakeTray[] = []
  readonly listeners = new Map<string, Listener>()
  tooltips: string[] = []
  menus: FakeMenuItem[][] = []
  destroyed = false
  constructor(readonly image: { path: string; template: boolean }) {
    FakeTray.instances.push(this)
  }
  on(event: string, listener: Listener): this {
    this.listeners.set(event, listener)
    return this
  }
  setToolTip(text: string): void {
    this.tooltips.push(text)
  }
  setContextMenu(menu: { template: FakeMenuItem[] }): void {
    this.menus.push(menu.template)
  }
  destroy(): void {
    this.destroyed = true
  }
  /** Clicks the item with this label in the newest menu. */
  choose(label: string): void {
    const item = this.menus.at(-1)?.find((entry) => entry.label === label)
    if (!item?.click) throw new Error(`no tray menu item "${label}"`)
    item.click()
  }
}

/** A window as the desktop glue uses it: progress, focus, showing, its page. */
export class FakeDesktopWindow {
  readonly progress: { value: number; mode: string | undefined }[] = []
  focused = false
  minimized = false
  shown = false
  loading = false
  readonly pageListeners = new Map<string, Listener>()
  readonly sent: { channel: string; payload: unknown }[] = []
  readonly webContents = {
    send: (channel: string, payload: unknown) => this.sent.push({ channel, payload }),
    isDestroyed: () => false,
    isLoading: () => this.loading,
    once: (event: string, listener: Listener) => this.pageListeners.set(event, listener)
  }
  setProgressBar(value: number, options?: { mode?: string }): void {
    this.progress.push({ value, mode: options?.mode })
  }
  isDestroyed(): boolean {
    return false
  }
  isFocused(): boolean {
    return this.focused
  }
  isMinimized(): boolean {
    return this.minimized
  }
  isVisible(): boolean {
    return this.shown || !this.minimized
  }
  restore(): void {
    this.minimized = false
  }
  show(): void {
    this.shown = true
  }
  focus(): void {
    this.focused = true
  }
  /** The page finished loading. */
  finishLoading(): void {
    this.loading = false
    this.pageListeners.get('did-finish-load')?.()
  }
}

export const fakeApp = new FakeApp()

export const desktopElectronFake = {
  ...electronFake,
  app: fakeApp,
  Notification: FakeNotification,
  Tray: FakeTray,
  nativeImage: {
    createFromPath: (path: string) => ({
      path,
      template: false,
      setTemplateImage(this: { template: boolean }, value: boolean) {
        this.template = value
      }
    })
  },
  dialog: {
    showMessageBox: vi.fn(async (..._args: unknown[]) => ({ response: 1, checkboxChecked: false })),
    showOpenDialog: vi.fn(async (..._args: unknown[]) => ({ canceled: true, filePaths: [] as string[] })),
    showSaveDialog: vi.fn(async (..._args: unknown[]) => ({ canceled: true, filePath: '' }))
  },
  clipboard: { writeText: vi.fn((_text: string) => {}) }
}
