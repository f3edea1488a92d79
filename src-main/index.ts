import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { app, BrowserWindow, Menu, session } from 'electron'
import { boot } from './core/boot'
import { environmentOverrides } from './core/core'
import { createDispatch } from './ipc/dispatch'
import { handlersOf } from './ipc/handler-table'
import { registerIpc, sendEvent } from './ipc/register-ipc'
import { APP_ID } from './shell/app-identity'
import { buildAppMenu } from './shell/app-menu'
import { registerAppScheme, serveAppProtocol } from './shell/app-protocol'
import { denyAllPermissions } from './shell/harden-contents'
import { createMainWindow, type RendererLocation } from './shell/main-window'
import { watchNetwork } from './shell/network-watch'
import { APP_ORIGIN } from './shell/renderer-files'
import { safeOpenExternal } from './shell/safe-open-external'
import { claimSingleInstance } from './shell/single-instance'

const here = fileURLToPath(new URL('.', import.meta.url))

// FLIPDROP_DATA_DIR moves the whole data folder (the demo and the command use it); set
// before anything reads it, the single-instance lock included.
const dataDir = process.env['FLIPDROP_DATA_DIR']?.trim()
if (dataDir) app.setPath('userData', dataDir)
registerAppScheme()
if (process.platform === 'win32') app.setAppUserModelId(APP_ID)

function rendererLocation(): RendererLocation {
  const devUrl = !app.isPackaged ? process.env['ELECTRON_RENDERER_URL'] : undefined
  return {
    url: devUrl || `${APP_ORIGIN}/index.html`,
    preloadPath: join(here, '../preload/index.cjs'),
    devTools: !app.isPackaged
  }
}

let mainWindow: BrowserWindow | undefined

if (claimSingleInstance(app, () => mainWindow)) {
  void app.whenReady().then(() => {
    const location = rendererLocation()
    serveAppProtocol(session.defaultSession, join(here, '../renderer'))
    denyAllPermissions(session.defaultSession)
    // The window opens at once and shows the start-up state; calls for the core wait for it.
    const booted = boot({
      userDataDir: app.getPath('userData'),
      environment: environmentOverrides(process.env),
      emit: (spec, payload) => {
        if (mainWindow) sendEvent(mainWindow.webContents, spec, payload)
      },
      resolveProxy: (url) => session.defaultSession.resolveProxy(url),
      watchNetwork,
      app: {
        info: {
          name: app.getName(),
          version: app.getVersion(),
          platform: process.platform,
          versions: {
            electron: process.versions.electron,
            chrome: process.versions.chrome,
            node: process.versions.node
          }
        },
        openUrl: async (url) => {
          await safeOpenExternal(url)
        }
      }
    })
    registerIpc(createDispatch(handlersOf(booted), booted.log), () => location.url)
    Menu.setApplicationMenu(
      buildAppMenu(() => mainWindow?.webContents, { isMac: process.platform === 'darwin', devTools: location.devTools })
    )

    const open = (): void => {
      mainWindow = createMainWindow(location)
      mainWindow.on('closed', () => {
        mainWindow = undefined
      })
    }
    open()
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) open()
    })
    app.on('will-quit', () => void booted.close())
  })

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
}
