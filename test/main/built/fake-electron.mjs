// A recording stand-in for the `electron` module, loaded in place of it when the built
// main process runs under plain Node (see built-main.test.ts). It reports what main did.
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const record = {
  handlers: [],
  windows: [],
  loaded: [],
  menu: false,
  permissionHandlers: 0,
  singleInstance: false,
  privilegedSchemes: [],
  protocolHandlers: [],
  // Proxy configurations main gave the window's session (Settings → Network).
  sessionProxies: [],
  served: null,
  userDataSet: null,
  appUserModelId: null,
  // App events main listens to, and those it listened to before `ready` (open-file must be).
  appEvents: [],
  appEventsBeforeReady: [],
  // Ms since the process started: when main was told the app is ready, and its first loadURL (the start-up bench).
  timings: { readyMs: null, loadUrlMs: null },
  // With FAKE_PAINT: the page loaded and its first view painted (app:painted); then main's log lines.
  log: []
}
const userData = mkdtempSync(join(tmpdir(), 'flipdrop-built-main-'))
// FAKE_PLATFORM lets a test see what main does on another OS (e.g. win32-only calls). Set
// after the temp folder exists: os.tmpdir() itself reads the platform.
if (process.env.FAKE_PLATFORM) Object.defineProperty(process, 'platform', { value: process.env.FAKE_PLATFORM })
const listeners = new Map()
const protocolHandlers = new Map()
const ipcHandlers = new Map()
const contentsListeners = []

function on(event, listener) {
  listeners.set(event, listener)
  return this
}

export const app = {
  isPackaged: false,
  whenReady: () => {
    record.appEventsBeforeReady = [...listeners.keys()]
    return Promise.resolve().then(() => {
      record.timings.readyMs ??= performance.now()
    })
  },
  isReady: () => true,
  getAppPath: () => process.cwd(),
  setBadgeCount: () => true,
  exit: () => {},
  getPath: () => userData,
  setPath: (name, path) => {
    record.userDataSet = `${name}=${path}`
  },
  getName: () => 'FlipDrop',
  getVersion: () => '0.0.0-test',
  // The system's preferred languages: the window's and main's words follow them (src-shared/i18n/languages.ts).
  getPreferredSystemLanguages: () => ['en-US'],
  setAppUserModelId: (id) => {
    record.appUserModelId = id
  },
  requestSingleInstanceLock: () => {
    record.singleInstance = true
    return true
  },
  on,
  quit: () => {}
}

export class BrowserWindow {
  constructor(options) {
    record.windows.push(options)
    this.webContents = {
      on(event, listener) {
        contentsListeners.push({ event, listener })
      },
      setWindowOpenHandler() {},
      send() {},
      isDestroyed: () => false
    }
  }
  loadURL(url) {
    record.timings.loadUrlMs ??= performance.now()
    record.loaded.push(url)
    return Promise.resolve()
  }
  once() {}
  on() {}
  show() {}
  isDestroyed() {
    return false
  }
  isFocused() {
    return false
  }
  setProgressBar() {}
  static getAllWindows() {
    return []
  }
}

export const ipcMain = {
  handle: (channel, handler) => {
    record.handlers.push(channel)
    ipcHandlers.set(channel, handler)
  },
  removeHandler: () => {}
}
export const Menu = {
  buildFromTemplate: (template) => ({ template }),
  setApplicationMenu: () => {
    record.menu = true
  }
}
export const protocol = {
  registerSchemesAsPrivileged: (schemes) => record.privilegedSchemes.push(...schemes)
}
export const session = {
  defaultSession: {
    setPermissionRequestHandler: () => record.permissionHandlers++,
    setPermissionCheckHandler: () => record.permissionHandlers++,
    resolveProxy: async () => 'DIRECT',
    setProxy: async (config) => {
      record.sessionProxies.push(config)
    },
    protocol: {
      handle: (scheme, handler) => {
        record.protocolHandlers.push(scheme)
        protocolHandlers.set(scheme, handler)
      }
    }
  }
}
export const shell = { openExternal: async () => {} }
export const net = { isOnline: () => true }
export const powerMonitor = { on: () => {}, off: () => {} }
export const webUtils = { getPathForFile: () => '' }
export const clipboard = { writeText: () => {}, write: async () => {} }
/** Electron 45's clipboard entry (one per write, holding each type). */
export class ClipboardItem {
  constructor(types) {
    this.types = Object.keys(types)
  }

  getType(type) {
    return Promise.resolve(new Blob([], { type }))
  }
}
export const dialog = {
  showMessageBox: async () => ({ response: 1, checkboxChecked: false }),
  showOpenDialog: async () => ({ canceled: true, filePaths: [] })
}
export class Notification {
  static isSupported() {
    return false
  }
  show() {}
  on() {}
}
export class Tray {
  setToolTip() {}
  setContextMenu() {}
  on() {}
  destroy() {}
}
export const nativeImage = { createFromPath: () => ({ setTemplateImage() {} }) }

/** The page loads and paints its first view, as the renderer tells main (from the app's own page). */
async function paint() {
  // Once main's core has opened (a loaded machine may take longer than the report's wait).
  const frame = { senderFrame: { url: record.loaded[0], parent: null } }
  for (let tries = 0; tries < 200; tries++) {
    const state = await ipcHandlers.get('app:startupState')?.(frame, undefined)
    if (state?.value?.phase === 'ready') break
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  for (const { event, listener } of contentsListeners) if (event === 'did-finish-load') listener()
  await ipcHandlers.get('app:painted')?.(frame, undefined)
  await new Promise((resolve) => setTimeout(resolve, 200))
  const folder = join(userData, 'logs')
  const names = existsSync(folder) ? readdirSync(folder) : []
  for (const name of names) record.log.push(...readFileSync(join(folder, name), 'utf8').split('\n').filter((line) => line !== ''))
}

// Give main a moment to start, ask its app:// handler for the page it loaded, report, leave.
setTimeout(async () => {
  if (process.env.FAKE_PAINT) await paint()
  const handler = protocolHandlers.get('app')
  const url = record.loaded[0]
  if (handler && url) {
    const response = await handler({ url, method: 'GET' })
    const text = await response.text()
    record.served = { status: response.status, csp: response.headers.get('content-security-policy'), hasApp: text.includes('id="app"') }
  }
  record.appEvents = [...listeners.keys()]
  process.stdout.write(`${JSON.stringify(record)}\n`)
  process.exit(0)
}, Number(process.env.FAKE_REPORT_AFTER_MS ?? 1500))

export default {
  app,
  BrowserWindow,
  ipcMain,
  Menu,
  protocol,
  session,
  shell,
  webUtils,
  net,
  powerMonitor,
  clipboard,
  ClipboardItem,
  dialog,
  Notification,
  Tray,
  nativeImage
}
