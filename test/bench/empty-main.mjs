// The reference for the built main's start-up bench: a main that only opens its window, run
// under the same recording Electron stand-in (its own cost, with none of FlipDrop's work).
import { app, BrowserWindow } from 'electron'

void app.whenReady().then(() => {
  void new BrowserWindow({}).loadURL('app://flipdrop/index.html')
})
