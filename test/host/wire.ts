/** Messages on the test host's WebSocket, the stand-in for Electron's IPC. */
export type ClientMessage = { id: number; channel: string; input?: unknown }

export type ServerMessage = { id: number; reply: unknown } | { event: string; payload: unknown }

/** Path of the bridge socket and of the injected preload stand-in. */
export const BRIDGE_PATH = '/__bridge'
export const PRELOAD_PATH = '/__preload.js'

/**
 * The route that takes a browser file's bytes (POST, one file a request, the body is the
 * file) and answers `{ path }`: browsers give a dropped or picked file no path. The token
 * and the file's name (URI-encoded: a header is ASCII) travel in these headers.
 */
export const FILES_PATH = '/__browser-files'
export const TOKEN_HEADER = 'x-flipdrop-token'
export const FILE_NAME_HEADER = 'x-flipdrop-file-name'

/*
 * Electron's IPC carries values by structured clone, so a Uint8Array (a PDF range for a
 * thumbnail) arrives as a Uint8Array. JSON would turn it into {"0":37,"1":80,…}: on this
 * socket it travels as a tagged base64 object instead, and is revived on the other side.
 * This file runs in Node (the host) and in the browser (the preload stand-in), so it uses
 * btoa/atob, which both have, rather than Buffer.
 */
const BYTES_TAG = '$flipdropBytes'

function toBase64(bytes: Uint8Array): string {
  let binary = ''
  // In slices: String.fromCharCode with a whole megabyte of arguments overflows the stack.
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000))
  return btoa(binary)
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

/** JSON text of a message, Uint8Arrays (Node Buffers included) kept as bytes. */
export function encodeMessage(message: ClientMessage | ServerMessage): string {
  return JSON.stringify(message, function (this: Record<string, unknown>, key, value: unknown) {
    // The holder's own property, not `value`: a Buffer's toJSON() has already run on `value`.
    const original = this[key]
    return original instanceof Uint8Array ? { [BYTES_TAG]: toBase64(original) } : value
  })
}

/** The message of {@link encodeMessage}'s text, with its bytes as real Uint8Arrays again. */
export function decodeMessage<M extends ClientMessage | ServerMessage>(text: string): M {
  // A reviver costs more than the parse on a 10,000-job list: only messages with bytes need one.
  if (!text.includes(BYTES_TAG)) return JSON.parse(text) as M
  return JSON.parse(text, (_key, value: unknown) => {
    if (typeof value === 'object' && value !== null && BYTES_TAG in value) {
      const encoded = (value as Record<string, unknown>)[BYTES_TAG]
      if (typeof encoded === 'string') return fromBase64(encoded)
    }
    return value
  }) as M
}
