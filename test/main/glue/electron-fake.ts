import { vi } from 'vitest'

/**
 * A stand-in for the `electron` module, which cannot run here. It records what the glue
 * asks of Electron so tests can assert the settings, handlers and hooks it installs.
 */
export type Listener = (...args: unknown[]) => unknown

export class FakeWebContents {
  readonly listeners = new Map<string, Listener>()
  windowOpenHandler: ((details: { url: string }) => { action: string }) | undefined
  readonly sent: { channel: string; payload: unknown }[] = []
  on(event: string, listener: Listener): this {
    this.listeners.set(event, listener)
    return this
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler
  }
  send(channel: string, payload: unknown): void {
    this.sent.push({ channel, payload })
  }
  isDestroyed(): boolean {
    return false
  }
  crashedByApp = 0
  forcefullyCrashRenderer(): void {
    this.crashedByApp++
  }
  /** Fires a cancellable event and says whether the glue cancelled it. */
  fireCancellable(event: string, ...args: unknown[]): boolean {
    let prevented = false
    this.listeners.get(event)?.({ preventDefault: () => (prevented = true) }, ...args)
    return prevented
  }
}

export class FakeBrowserWindow {
  static created: FakeBrowserWindow[] = []
  readonly webContents = new FakeWebContents()
  readonly loaded: string[] = []
  readonly onceListeners = new Map<string, Listener>()
  readonly windowListeners = new Map<string, Listener[]>()
  shown = false
  minimized = false
  destroyed = false
  constructor(readonly options: { webPreferences?: Record<string, unknown> }) {
    FakeBrowserWindow.created.push(this)
  }
  loadURL(url: string): Promise<void> {
    this.loaded.push(url)
    return Promise.resolve()
  }
  once(event: string, listener: Listener): this {
    this.onceListeners.set(event, listener)
    return this
  }
  show(): void {
    this.shown = true
  }
  on(event: string, listener: Listener): this {
    this.windowListeners.set(event, [...(this.windowListeners.get(event) ?? []), listener])
    return this
  }
  /** Fires a window event; true when a listener called preventDefault. */
  fire(event: string, ...args: unknown[]): boolean {
    let prevented = false
    for (const listener of this.windowListeners.get(event) ?? []) listener({ preventDefault: () => (prevented = true) }, ...args)
    return prevented
  }
  isDestroyed(): boolean {
    return this.destroyed
  }
  minimize(): void {
    this.minimized = true
  }
  static getAllWindows(): FakeBrowserWindow[] {
    return FakeBrowserWindow.created
  }
}

export const ipcHandlers = new Map<string, Listener>()

export const electronFake: {
  [key: string]: unknown
  ipcMain: { handle: ReturnType<typeof vi.fn>; removeHandler: ReturnType<typeof vi.fn> }
  shell: { openExternal: ReturnType<typeof vi.fn> }
  protocol: { registerSchemesAsPrivileged: ReturnType<typeof vi.fn> }
  net: { online: boolean; isOnline: ReturnType<typeof vi.fn> }
  powerMonitor: { listeners: Map<string, () => void>; on: ReturnType<typeof vi.fn>; off: ReturnType<typeof vi.fn> }
  BrowserWindow: typeof FakeBrowserWindow
  Menu: { buildFromTemplate: ReturnType<typeof vi.fn>; setApplicationMenu: ReturnType<typeof vi.fn> }
} = {
  ipcMain: {
    handle: vi.fn((channel: string, listener: Listener) => {
      if (ipcHandlers.has(channel)) throw new Error(`second handler for ${channel}`)
      ipcHandlers.set(channel, listener)
    }),
    removeHandler: vi.fn((channel: string) => ipcHandlers.delete(channel))
  },
  shell: { openExternal: vi.fn(async (_url: string) => {}) },
  protocol: { registerSchemesAsPrivileged: vi.fn() },
  net: { online: true, isOnline: vi.fn(() => electronFake.net.online) },
  powerMonitor: {
    listeners: new Map<string, () => void>(),
    on: vi.fn((event: string, listener: () => void) => electronFake.powerMonitor.listeners.set(event, listener)),
    off: vi.fn((event: string) => electronFake.powerMonitor.listeners.delete(event))
  },
  BrowserWindow: FakeBrowserWindow,
  Menu: {
    buildFromTemplate: vi.fn((template: unknown) => ({ template })),
    setApplicationMenu: vi.fn()
  }
}
