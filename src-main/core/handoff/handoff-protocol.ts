import { isErrorCode, type Envelope } from '../../../src-shared/contract/errors'

/*
 * The hand-off wire format: one JSON object per line (UTF-8, `\n`) over a local stream
 * socket. A second `flipdrop` (the client) asks the process holding the data lock (the
 * server) to run upload-queue and link actions for it, and may follow their events.
 *
 *   client → server  { id, token, channel, input? }   run a contract invoke channel (uploads:* and links:* only)
 *                    { id, token, subscribe: true }   from now on, send me the uploads:* and links:* events
 *                    { id, token, ping: true }        are you there? (the client's first message; also how
 *                                                     another process learns the holder is alive)
 *   server → client  { id, reply: Envelope }          the answer to request `id`
 *                    { event, payload }               a contract event (uploads:* and links:* only)
 *
 * Every request carries the token from the lock file: the lock is readable only by its
 * owner, so knowing the token proves the client runs as the same user. `subscribe` and
 * `ping` are answered `{ ok: true, value: null }`. Requests are read in order, so events
 * caused by anything sent after a `subscribe` reach the subscriber. A holder that runs no
 * uploads (lock info `handoff: off`) answers pings and refuses every invoke with `not-allowed`.
 * A closing holder answers the requests it is running and reads no more: a request without
 * an answer was either never run or cut off by a crash.
 */

/** A line longer than this (16 MiB, without its newline) ends the connection. */
export const MAX_LINE_BYTES = 16 * 1024 * 1024

/** Only the upload queue, and links and hot folders, are offered over the socket: the rest is the app's own business. */
export const HANDOFF_CHANNEL_PREFIXES = ['uploads:', 'links:'] as const

/** Asks the holder to run one invoke channel with this (unparsed) input. */
export interface InvokeRequest {
  id: number
  token: string
  channel: string
  input?: unknown
}

/** Asks the holder to send its `uploads:*` and `links:*` events on this connection from now on. */
export interface SubscribeRequest {
  id: number
  token: string
  subscribe: true
}

/** Checks that the holder answers, and accepts the token, before anything real is sent. */
export interface PingRequest {
  id: number
  token: string
  ping: true
}

/** Anything a client may send. */
export type HandoffRequest = InvokeRequest | SubscribeRequest | PingRequest

/** The holder's answer to the request with the same `id`. */
export interface HandoffReply {
  id: number
  reply: Envelope<unknown>
}

/** A contract event the holder emitted, for subscribed clients. */
export interface HandoffEvent {
  event: string
  payload: unknown
}

/** Anything the holder may send. */
export type HandoffResponse = HandoffReply | HandoffEvent

/** A request read off the wire, tagged by what it asks for. */
export type ReadRequest =
  | { kind: 'invoke'; id: number; token: string; channel: string; input: unknown }
  | { kind: 'subscribe'; id: number; token: string }
  | { kind: 'ping'; id: number; token: string }

/**
 * Channels of those areas that belong to the app's window and are never run for another
 * process: they open a dialog in the app (a command must not pop one up on someone's screen),
 * take what the window is owed (the inbox of files opened with FlipDrop), or read file bytes
 * for its thumbnails.
 */
export const WINDOW_ONLY_CHANNELS: ReadonlySet<string> = new Set([
  'uploads:chooseFiles',
  'uploads:exportCsv',
  'uploads:takeInbox',
  'uploads:readPdfRange',
  'links:chooseHotFolder',
  'links:chooseAndLink'
])

/** True for the channels the hand-off carries (invokes and events alike). */
export function isHandoffChannel(channel: string): boolean {
  return HANDOFF_CHANNEL_PREFIXES.some((prefix) => channel.startsWith(prefix)) && !WINDOW_ONLY_CHANNELS.has(channel)
}

/** One message as a wire line, newline included. */
export function encodeMessage(message: HandoffRequest | HandoffResponse): string {
  return `${JSON.stringify(message)}\n`
}

function parseJson(line: string): unknown {
  try {
    return JSON.parse(line) as unknown
  } catch {
    return undefined
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
}

/** A client's line as a request, or null when it is not valid JSON or not a request. */
export function readRequest(line: string): ReadRequest | null {
  const value = parseJson(line)
  if (!isRecord(value)) return null
  const id = value['id']
  const token = value['token']
  if (!isId(id) || typeof token !== 'string') return null
  if (typeof value['channel'] === 'string') return { kind: 'invoke', id, token, channel: value['channel'], input: value['input'] }
  if (value['subscribe'] === true) return { kind: 'subscribe', id, token }
  if (value['ping'] === true) return { kind: 'ping', id, token }
  return null
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  if (!isRecord(value)) return false
  // `{ ok: true }` alone is fine: JSON drops a value that was undefined.
  if (value['ok'] === true) return true
  const error = value['error']
  return value['ok'] === false && isRecord(error) && isErrorCode(error['code']) && typeof error['message'] === 'string'
}

/** The holder's line as a response, or null when it is not valid JSON or not a response. */
export function readResponse(line: string): HandoffResponse | null {
  const value = parseJson(line)
  if (!isRecord(value)) return null
  const { id, reply, event } = value
  if (isId(id) && isEnvelope(reply)) return { id, reply }
  if (typeof event === 'string') return { event, payload: value['payload'] }
  return null
}

/** Feeds stream chunks in, calls back once per complete line. */
export interface LineSplitter {
  /** False when the line being received grew past the cap: drop the connection. */
  push(chunk: Buffer): boolean
}

/**
 * Cuts a byte stream into lines. A message may arrive in pieces (and a piece may end inside
 * a UTF-8 character), so bytes are kept until their newline arrives and only then decoded.
 * The cap stops a peer from making us buffer without end. Blank lines are skipped.
 */
export function createLineSplitter(onLine: (line: string) => void, maxLineBytes: number = MAX_LINE_BYTES): LineSplitter {
  let parts: Buffer[] = []
  let pending = 0
  return {
    push(chunk) {
      let start = 0
      for (let end = chunk.indexOf(0x0a, start); end !== -1; end = chunk.indexOf(0x0a, start)) {
        const piece = chunk.subarray(start, end)
        if (pending + piece.length > maxLineBytes) return false
        const line = parts.length === 0 ? piece : Buffer.concat([...parts, piece])
        parts = []
        pending = 0
        start = end + 1
        if (line.length > 0) onLine(line.toString('utf8'))
      }
      const rest = chunk.subarray(start)
      if (rest.length === 0) return true
      if (pending + rest.length > maxLineBytes) return false
      parts.push(rest)
      pending += rest.length
      return true
    }
  }
}
