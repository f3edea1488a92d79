import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { app, BrowserWindow, clipboard, Menu, session } from 'electron'
import { boot } from './core/boot'
import { environmentOverrides } from './core/core'
import { createDispatch } from './ipc/dispatch'
import { handlersOf } from './ipc/handler-table'
import { registerIpc, sendEvent } from './ipc/register-ipc'
import { APP_ID } from './shell/app-identity'
import { buildAppMenu } from './shell/app-menu'
import { registerAppScheme, serveAppProtocol } from './shell/app-protocol'
import { choosePdfs } from './shell/choose-pdfs'
import { chooseFolder } from './shell/choose-folder'
import { chooseSavePath } from './shell/choose-save-path'
import { startDesktop, type Desktop } from './shell/desktop'
import { denyAllPermissions } from './shell/harden-contents'
import { createMainWindow, type RendererLocation } from './shell/main-window'
import { watchNetwork } from './shell/network-watch'
import { collectOpenedFiles } from './shell/open-files'
import { askBeforeQuitting, guardQuit } from './shell/quit-guard'
import { APP_ORIGIN } from './shell/renderer-files'
import { safeOpenExternal } from './shell/safe-open-external'
import { claimSingleInstance } from './shell/single-instance'
import { trayIconPath } from './shell/tray-icon-path'
import { bringToFront } from './shell/window-reveal'

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
/** Taskbar, notifications, tray and quitting; set once the app is ready. */
let desktop: Desktop | undefined
/** Shows the window (opening it when closed); set once the app is ready. */
let reveal: () => void = () => {}

// PDFs opened with FlipDrop: macOS sends them with `open-file`, which must be heard before
// `ready` (the files of the launch itself arrive then); the queue takes them once it is ready.
const opened = collectOpenedFiles(app, { argv: process.argv, cwd: process.cwd(), defaultApp: process.defaultApp === true }, () => reveal())

if (claimSingleInstance(app, opened.secondLaunch)) {
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
        desktop?.observe(spec, payload)
      },
      choosePdfs: () => choosePdfs(mainWindow),
      chooseSavePath: (defaultName) => chooseSavePath(mainWindow, defaultName),
      chooseFolder: () => chooseFolder(mainWindow),
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
        },
        copyText: (text) => clipboard.writeText(text)
      }
    })
    registerIpc(createDispatch(handlersOf(booted), booted.log), () => location.url)
    Menu.setApplicationMenu(
      buildAppMenu(() => mainWindow?.webContents, { isMac: process.platform === 'darwin', devTools: location.devTools })
    )

    const open = (): BrowserWindow => {
      const window = createMainWindow(location)
      mainWindow = window
      window.on('closed', () => {
        mainWindow = undefined
        desktop?.windowsChanged()
      })
      desktop?.windowsChanged()
      return window
    }
    const showWindow = (): BrowserWindow => {
      if (!mainWindow) return open()
      bringToFront(mainWindow)
      return mainWindow
    }
    reveal = () => void showWindow()
    const shell = startDesktop({
      platform: process.platform,
      window: () => mainWindow,
      reveal: showWindow,
      core: () => booted.startup.current,
      trayIconPath: trayIconPath({
        platform: process.platform,
        packaged: app.isPackaged,
        resourcesPath: process.resourcesPath,
        appPath: app.getAppPath()
      }),
      opened: opened.inbox,
      copyText: (text) => clipboard.writeText(text),
      quit: () => app.quit(),
      log: (message, error) => booted.log.warn(message, error)
    })
    desktop = shell
    // Quitting asks while uploads run, and waits for the core to write its journal.
    guardQuit(app, {
      runningUploads: () => shell.runningUploads(),
      confirm: (running) => askBeforeQuitting(running, mainWindow),
      close: () => booted.close(),
      quitting: () => shell.dispose(),
      log: (message, error) => booted.log.error(message, error)
    })
    open()
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) open()
    })
  })

  // Uploads left keep FlipDrop running in the tray; otherwise Windows and Linux quit here.
  app.on('window-all-closed', () => {
    if (!(desktop?.keepsRunningWithoutWindow() ?? process.platform === 'darwin')) app.quit()
  })
}
