import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { app, BrowserWindow, dialog, Menu, session } from 'electron'
import { createCore, environmentOverrides } from './core/core'
import { createDispatch } from './ipc/dispatch'
import { createHandlerTable } from './ipc/handler-table'
import { registerIpc, sendEvent } from './ipc/register-ipc'
import { buildAppMenu } from './shell/app-menu'
import { denyAllPermissions } from './shell/harden-contents'
import { createMainWindow, type RendererLocation } from './shell/main-window'
import { safeOpenExternal } from './shell/safe-open-external'
import { claimSingleInstance } from './shell/single-instance'

const here = fileURLToPath(new URL('.', import.meta.url))

function rendererLocation(): RendererLocation {
  const devUrl = process.env['ELECTRON_RENDERER_URL']
  return {
    url: !app.isPackaged && devUrl ? devUrl : pathToFileURL(join(here, '../renderer/index.html')).href,
    preloadPath: join(here, '../preload/index.mjs')
  }
}

let mainWindow: BrowserWindow | undefined

if (claimSingleInstance(app, () => mainWindow)) {
  void app.whenReady().then(async () => {
    const location = rendererLocation()
    // The window opens at once; calls that arrive while the core starts (reading the keychain
    // can take a moment) wait for it instead of failing.
    const starting = createCore({
      userDataDir: app.getPath('userData'),
      environment: environmentOverrides(process.env),
      emit: (spec, payload) => {
        if (mainWindow) sendEvent(mainWindow.webContents, spec, payload)
      },
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
    const dispatch = starting.then((core) => createDispatch(createHandlerTable(core), core.log))
    denyAllPermissions(session.defaultSession)
    registerIpc(async (channel, input) => (await dispatch)(channel, input), () => location.url)
    Menu.setApplicationMenu(buildAppMenu(() => mainWindow?.webContents, process.platform === 'darwin'))

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
    app.on('will-quit', () => void starting.then((core) => core.close()))
    try {
      await starting
    } catch (error) {
      dialog.showErrorBox('FlipDrop could not start', error instanceof Error ? error.message : String(error))
      app.quit()
    }
  })

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
}
