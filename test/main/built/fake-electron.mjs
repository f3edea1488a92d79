// A recording stand-in for the `electron` module, loaded in place of it when the built
// main process runs under plain Node (see built-main.test.ts). It reports what main did.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const record = { handlers: [], windows: [], loaded: [], menu: false, permissionHandlers: 0, singleInstance: false }
const userData = mkdtempSync(join(tmpdir(), 'flipdrop-built-main-'))
const listeners = new Map()

function on(event, listener) {
  listeners.set(event, listener)
  return this
}

export const app = {
  isPackaged: false,
  whenReady: () => Promise.resolve(),
  getPath: () => userData,
  getName: () => 'FlipDrop',
  getVersion: () => '0.0.0-test',
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
    this.webContents = { on() {}, setWindowOpenHandler() {}, send() {}, isDestroyed: () => false }
  }
  loadURL(url) {
    record.loaded.push(url)
    return Promise.resolve()
  }
  once() {}
  on() {}
  show() {}
  static getAllWindows() {
    return []
  }
}

export const ipcMain = {
  handle: (channel) => record.handlers.push(channel),
  removeHandler: () => {}
}
export const Menu = {
  buildFromTemplate: (template) => ({ template }),
  setApplicationMenu: () => {
    record.menu = true
  }
}
export const session = {
  defaultSession: {
    setPermissionRequestHandler: () => record.permissionHandlers++,
    setPermissionCheckHandler: () => record.permissionHandlers++
  }
}
export const shell = { openExternal: async () => {} }
export const dialog = { showErrorBox: (title, message) => record.windows.push({ error: `${title}: ${message}` }) }

// Give main a moment to start, then report and leave.
setTimeout(() => {
  process.stdout.write(`${JSON.stringify(record)}\n`)
  process.exit(0)
}, 1500)

export default { app, BrowserWindow, ipcMain, Menu, session, shell, dialog }
