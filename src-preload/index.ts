import { contextBridge, ipcRenderer, webUtils } from 'electron'
import { createFlipdropApi, type BridgeTransport } from '../src-shared/contract/bridge'

/**
 * The only place that touches `ipcRenderer` (lint bans it elsewhere). The renderer gets
 * the contract's domain methods, never the channel names or ipcRenderer itself.
 */
const transport: BridgeTransport = {
  invoke: (channel, input) => ipcRenderer.invoke(channel, input),
  subscribe(channel, listener) {
    // Wrap so the IPC event object (with its sender) never reaches the page.
    const wrapped = (_event: unknown, payload: unknown): void => listener(payload)
    ipcRenderer.on(channel, wrapped)
    return () => {
      ipcRenderer.removeListener(channel, wrapped)
    }
  }
}

// No third argument on purpose: `pathsForFiles` is then webUtils.getPathForFile of each file
// and "Add PDFs…" uses main's OS dialog. The app never takes a file's bytes from the page
// (only the test host, which is never packaged, copies browser files; test/preload checks it).
contextBridge.exposeInMainWorld(
  'flipdrop',
  createFlipdropApi(transport, (file: File) => webUtils.getPathForFile(file))
)
