import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { app, BrowserWindow, clipboard, Menu, session } from 'electron'
import { contract } from '../src-shared/contract'
import { updatesUnavailable } from '../src-shared/domain/updates'
import type { UpdatesHost } from './core/app/app-service'
import { boot } from './core/boot'
import { environmentOverrides } from './core/core'
import { createFirstPaint } from './core/first-paint'
import { createStartupMarks } from './core/startup-marks'
import { recordAppInstall } from './core/app/record-app-install'
import { openLogFile } from './core/logging/log-file'
import { verboseLogging } from './core/logging/log-level'
import { dataDirOverride } from './core/storage/data-dir-override'
import { createUpdateFlow, type UpdateFlow } from './core/updates/update-flow'
import { createDispatch } from './ipc/dispatch'
import { handlersOf } from './ipc/handler-table'
import { registerIpc, sendEvent } from './ipc/register-ipc'
import { APP_ID } from './shell/app-identity'
import { buildAppMenu } from './shell/app-menu'
import { canUpdateItself, downloadPageFor, feedOverride, updaterPort } from './shell/app-updater'
import { registerAppScheme, serveAppProtocol } from './shell/app-protocol'
import { choosePdfs } from './shell/choose-pdfs'
import { chooseFolder } from './shell/choose-folder'
import { chooseSavePath } from './shell/choose-save-path'
import { electronShareHost } from './shell/share-host'
import { isEvent, startDesktop, type Desktop } from './shell/desktop'
import { denyAllPermissions } from './shell/harden-contents'
import { helpActions } from './shell/help-actions'
import { followDesktopLanguage } from './shell/i18n/follow-desktop-language'
import { createMainWindow, type RendererLocation } from './shell/main-window'
import { watchNetwork } from './shell/network-watch'
import { collectOpenedFiles } from './shell/open-files'
import { askBeforeQuitting, guardQuit } from './shell/quit-guard'
import { APP_ORIGIN } from './shell/renderer-files'
import { safeOpenExternal, showInFolder } from './shell/safe-open-external'
import { PROXY_LOGIN_DEFAULTS, proxyLoginAnswerer, settingsProxyAccount } from './shell/proxy-challenge'
import { answerProxyLogins, answerUpdaterLogins } from './shell/proxy-login'
import { followSettingsProxy } from './shell/session-proxy'
import { claimSingleInstance } from './shell/single-instance'
import { trayIconPath } from './shell/tray-icon-path'
import { TrayVisibility } from './shell/tray-visibility'
import { onWindowClose } from './shell/window-close'
import { bringToFront } from './shell/window-reveal'

const here = fileURLToPath(new URL('.', import.meta.url))

// FLIPDROP_DATA_DIR moves the whole data folder (the demo and the command use it); set
// before anything reads it, the single-instance lock included. A relative one is taken
// from the folder FlipDrop was started in (app.setPath would throw on it).
const dataDir = dataDirOverride(process.env, process.cwd())
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
    // Each phase of the start, logged as one line with FLIPDROP_LOG=debug once the first view has painted.
    const marks = createStartupMarks({ onComplete: (line) => verboseLogging(process.env) && booted.log.info(line) })
    marks.mark('ready')
    // Background work the first view does not need waits for its paint (app:painted), or the fallback.
    const firstPaint = createFirstPaint({ onDone: (reason) => reason === 'painted' && marks.mark('painted') })
    const location = rendererLocation()
    serveAppProtocol(session.defaultSession, join(here, '../renderer'), async (query) => (await booted.startup.ready()).share.embedPreview(query))
    denyAllPermissions(session.defaultSession)
    const logFile = openLogFile(app.getPath('userData'), 'app')
    const info = {
      name: app.getName(),
      version: app.getVersion(),
      platform: process.platform,
      // The window's language follows these unless Settings chose one (src-shared/i18n/languages.ts).
      preferredLanguages: app.getPreferredSystemLanguages(),
      versions: {
        electron: process.versions.electron,
        chrome: process.versions.chrome,
        node: process.versions.node
      }
    }
    // The command of an AppImage is an extracted copy: it reads which version of the app last ran here.
    if (app.isPackaged) {
      firstPaint.after(async () => {
        await recordAppInstall(app.getPath('userData'), { version: info.version, appImage: process.env['APPIMAGE'] || null }).catch((error: unknown) =>
          booted.log.warn('Could not note the installed version for the flipdrop command', error)
        )
      })
    }
    // Installed builds with a feed update themselves; the flow is made once the logger exists.
    const updatable = canUpdateItself({ packaged: app.isPackaged, resourcesPath: process.resourcesPath, env: process.env })
    let updates: UpdateFlow | undefined
    const updatesHost: UpdatesHost = {
      view: () => updates?.view() ?? updatesUnavailable(info.version),
      check: async () => (await updates?.check()) ?? updatesUnavailable(info.version),
      restartToUpdate: async () => (await updates?.restartToUpdate()) ?? updatesUnavailable(info.version)
    }
    // The window's session (thumbnails, covers, audio) and the updater's follow the Settings proxy.
    const applyProxy = followSettingsProxy(
      () => [session.defaultSession, ...(updatable ? [session.fromPartition('electron-updater', { cache: false })] : [])],
      (message, error) => booted.log.warn(message, error)
    )
    // Menus, tray, notifications and dialogs speak Settings' language (else the system's); a
    // change relabels the menu and the tray at once. Set before the first menu is built.
    const followLanguage = followDesktopLanguage(
      () => app.getPreferredSystemLanguages(),
      () => {
        setMenu()
        desktop?.relabel()
      }
    )
    // The window opens at once and shows the start-up state; calls for the core wait for it.
    const booted = boot({
      userDataDir: app.getPath('userData'),
      environment: environmentOverrides(process.env),
      logFile,
      firstPaint,
      onPhase: (phase) => marks.mark(phase),
      emit: (spec, payload) => {
        if (mainWindow) sendEvent(mainWindow.webContents, spec, payload)
        desktop?.observe(spec, payload)
        const event = { spec, payload }
        if (isEvent(contract.settings.changed, event)) {
          applyProxy(event.payload.values.proxyUrl)
          followLanguage(event.payload.values.language)
        }
        if (isEvent(contract.uploads.changed, event)) updates?.uploadsChanged()
        if (isEvent(contract.app.startupChanged, event) && event.payload.phase === 'ready') {
          marks.mark('core-opened')
          const core = booted.startup.current
          if (core)
            void Promise.resolve(core.settings.get()).then((settings) => {
              applyProxy(settings.values.proxyUrl)
              followLanguage(settings.values.language)
            })
        }
      },
      choosePdfs: () => choosePdfs(mainWindow),
      chooseSavePath: (defaultName) => chooseSavePath(mainWindow, defaultName),
      showInFolder,
      chooseFolder: () => chooseFolder(mainWindow),
      share: electronShareHost(() => mainWindow),
      resolveProxy: (url) => session.defaultSession.resolveProxy(url),
      watchNetwork,
      app: {
        info,
        ...(updatable ? { updates: updatesHost } : {}),
        openUrl: async (url) => {
          await safeOpenExternal(url)
        },
        copyText: (text) => clipboard.writeText(text),
        showInFolder,
        rendererStarted: (line) => verboseLogging(process.env) && booted.log.info(line)
      }
    })
    registerIpc(createDispatch(handlersOf(booted), booted.log), () => location.url)
    const help = helpActions({ logFile, info, core: () => booted.startup.current, window: () => mainWindow, log: (message, error) => booted.log.warn(message, error) })
    const setMenu = (): void =>
      Menu.setApplicationMenu(
        buildAppMenu(() => mainWindow?.webContents, { isMac: process.platform === 'darwin', isWindows: process.platform === 'win32', devTools: location.devTools, help })
      )
    // The system's language until the core has read Settings (it may have chosen another).
    followLanguage(undefined)
    setMenu()
    // Whether a tray icon could be seen, for closing the window while uploads run (tray-visibility.ts).
    const trays = new TrayVisibility(process.platform)
    firstPaint.after(() => trays.refresh())

    const open = (): BrowserWindow => {
      const window = createMainWindow(location, (message) => booted.log.warn(message))
      marks.mark('window-created')
      window.webContents.on('did-finish-load', () => marks.mark('page-loaded'))
      mainWindow = window
      // Closing it while uploads run where no tray can be seen keeps it, minimized.
      onWindowClose(
        window,
        () => shell.windowClosing({ quitting: quit.quitting, trayVisible: trays.visible }),
        () => void trays.refresh()
      )
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
    // Quitting asks while uploads run, and waits (5 s at most) for the core to write its journal.
    const quit = guardQuit(app, {
      runningUploads: () => shell.runningUploads(),
      confirm: (running) => askBeforeQuitting(running, mainWindow),
      close: () => booted.close(),
      quitting: () => {
        firstPaint.dispose()
        shell.dispose()
        updates?.stop()
      },
      log: (message, error) => booted.log.error(message, error)
    })
    // A proxy's request for a password (407), from the window's requests or the updater's, is
    // answered in main with the Settings proxy's credentials; the window never sees them.
    const proxyAnswer = proxyLoginAnswerer({
      ...PROXY_LOGIN_DEFAULTS,
      now: () => performance.now(),
      account: async () => {
        const core = booted.startup.current
        if (!core) return null
        return settingsProxyAccount((await Promise.resolve(core.settings.get())).values.proxyUrl, () => core.proxyPassword())
      }
    })
    answerProxyLogins(app, undefined, proxyAnswer, (message, error) => booted.log.warn(message, error))
    // The updater (electron-updater, a large module) is loaded and started once the first view has painted.
    const startUpdates = async (): Promise<void> => {
      const { default: electronUpdater } = await import('electron-updater')
      // Quitting while it loaded: nothing is started for a process on its way out.
      if (quit.quitting) return
      answerUpdaterLogins(electronUpdater.autoUpdater, proxyAnswer, (message, error) => booted.log.warn(message, error))
      const feedUrl = feedOverride(process.env)
      // An unsigned macOS build cannot install updates (Squirrel.Mac): it offers the release page.
      const downloadPage = downloadPageFor({ platform: process.platform, resourcesPath: process.resourcesPath })
      updates = createUpdateFlow({
        updater: updaterPort(electronUpdater.autoUpdater, {
          log: booted.log,
          verbose: verboseLogging(process.env),
          download: downloadPage === undefined,
          ...(feedUrl ? { feedUrl } : {})
        }),
        currentVersion: info.version,
        ...(downloadPage ? { downloadPage } : {}),
        runningUploads: () => shell.runningUploads(),
        closeCore: () => quit.closeCore(),
        // An install that did not happen: the queue, journal and data-folder lock come back.
        reopenCore: () => quit.reopenCore(() => booted.reopen()),
        emit: (view) => {
          if (mainWindow) sendEvent(mainWindow.webContents, contract.app.updatesChanged, view)
        },
        log: booted.log
      })
      updates.start()
    }
    if (updatable) firstPaint.after(() => startUpdates().catch((error: unknown) => booted.log.warn('Could not start checking for updates', error)))
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
