import { createFlipdropApi, type BridgeTransport } from '../../src-shared/contract/bridge'
import { BRIDGE_PATH, decodeMessage, encodeMessage, type ClientMessage, type ServerMessage } from './wire'

/**
 * Builds `window.flipdrop` for the page the test host serves, the way the real preload
 * does, but over a WebSocket. Its settings are injected by the host as a global.
 */
declare const __FLIPDROP_HOST__: { token: string; dropDir: string }

const socket = new WebSocket(`ws://${location.host}${BRIDGE_PATH}?token=${encodeURIComponent(__FLIPDROP_HOST__.token)}`)
const opened = new Promise<void>((resolve, reject) => {
  socket.addEventListener('open', () => resolve(), { once: true })
  socket.addEventListener('error', () => reject(new Error('bridge socket failed')), { once: true })
})
const pending = new Map<number, (reply: unknown) => void>()
const listeners = new Map<string, Set<(payload: unknown) => void>>()
let nextId = 1

socket.addEventListener('message', (message: MessageEvent<string>) => {
  const data = decodeMessage<ServerMessage>(message.data)
  if ('id' in data) {
    pending.get(data.id)?.(data.reply)
    pending.delete(data.id)
  } else {
    for (const listener of listeners.get(data.event) ?? []) listener(data.payload)
  }
})

const transport: BridgeTransport = {
  async invoke(channel, input) {
    await opened
    const id = nextId++
    const message: ClientMessage = { id, channel, input }
    return new Promise((resolve) => {
      pending.set(id, resolve)
      socket.send(encodeMessage(message))
    })
  },
  subscribe(channel, listener) {
    const set = listeners.get(channel) ?? new Set()
    set.add(listener)
    listeners.set(channel, set)
    return () => {
      set.delete(listener)
    }
  }
}

// Browsers give dropped files no path; tests drop files by name from a known folder.
const getPathForFile = (file: File): string =>
  __FLIPDROP_HOST__.dropDir && file.name ? `${__FLIPDROP_HOST__.dropDir}/${file.name}` : ''

Object.defineProperty(window, 'flipdrop', {
  value: createFlipdropApi(transport, getPathForFile),
  writable: false,
  configurable: false
})
