import { createFlipdropApi, type BridgeTransport, type FilePicker, type PageFiles } from '../../src-shared/contract/bridge'
import {
  BRIDGE_PATH,
  decodeMessage,
  encodeMessage,
  FILE_NAME_HEADER,
  FILES_PATH,
  TOKEN_HEADER,
  type ClientMessage,
  type ServerMessage
} from './wire'

/**
 * Builds `window.flipdrop` for the page the test host serves, the way the real preload
 * does, but over a WebSocket, and (unlike it) copying browser files to the host, since a
 * browser gives them no path. Its settings are injected by the host as a global.
 */
declare const __FLIPDROP_HOST__: { token: string; dropDir: string; filePicker: FilePicker }

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

/**
 * Copies one file's bytes to the host (streamed by the browser from its own copy) and returns
 * the path the host wrote it to, or '' when it could not: a file the browser cannot read (gone
 * since, or a dropped folder), or one over the host's size limit. The page then refuses it as
 * a file without a path, as the app does.
 */
async function copyToHost(file: File): Promise<string> {
  try {
    const response = await fetch(FILES_PATH, {
      method: 'POST',
      headers: {
        [TOKEN_HEADER]: __FLIPDROP_HOST__.token,
        [FILE_NAME_HEADER]: encodeURIComponent(file.name),
        'content-type': 'application/octet-stream'
      },
      body: file
    })
    if (!response.ok) return ''
    const answer: unknown = await response.json()
    const path = typeof answer === 'object' && answer !== null ? (answer as { path?: unknown }).path : undefined
    return typeof path === 'string' ? path : ''
  } catch {
    return ''
  }
}

const pageFiles: PageFiles<File> = {
  async pathsForFiles(files) {
    if (__FLIPDROP_HOST__.dropDir) return files.map(getPathForFile)
    // One at a time: a drop of many files is a queue on the host's disk either way.
    const paths: string[] = []
    for (const file of files) paths.push(await copyToHost(file))
    return paths
  },
  filePicker: __FLIPDROP_HOST__.filePicker
}

Object.defineProperty(window, 'flipdrop', {
  value: createFlipdropApi(transport, getPathForFile, pageFiles),
  writable: false,
  configurable: false
})
