/** Messages on the test host's WebSocket, the stand-in for Electron's IPC. */
export type ClientMessage = { id: number; channel: string; input?: unknown }

export type ServerMessage = { id: number; reply: unknown } | { event: string; payload: unknown }

/** Path of the bridge socket and of the injected preload stand-in. */
export const BRIDGE_PATH = '/__bridge'
export const PRELOAD_PATH = '/__preload.js'
