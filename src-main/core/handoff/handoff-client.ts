import { lstat } from 'node:fs/promises'
import { connect, type Socket } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import type { Envelope } from '../../../src-shared/contract/errors'
import { readDataLock } from '../storage/data-lock'
import { createLineSplitter, encodeMessage, isHandoffChannel, readResponse, type HandoffRequest } from './handoff-protocol'

/** The process holding the data folder, reached over its hand-off socket. */
export interface HoldingProcess {
  readonly pid: number
  /** What the lock says it is: 'app' or 'command'. */
  readonly role: string
  /** Runs an `uploads:*` invoke channel in the holder's queue. Rejects once the connection is gone. */
  invoke(channel: string, input?: unknown): Promise<Envelope<unknown>>
  /**
   * Follows the holder's `uploads:*` events; the first listener subscribes. Events caused by
   * anything invoked after this call are delivered. Returns the function that stops listening.
   */
  onEvent(listener: (channel: string, payload: unknown) => void): () => void
  /** Settles when the connection ends, from either side (the holder quit, or close()). */
  readonly closed: Promise<void>
  close(): void
}

/** How to connect. */
export interface ConnectToHolderOptions {
  /** How long a live holder may take to answer before giving up (default 3000 ms). */
  timeoutMs?: number
}

const DEFAULT_TIMEOUT_MS = 3_000
/** Between attempts: the holder may have taken the lock and not be listening yet. */
const RETRY_DELAY_MS = 50
/** Far more than `{"id":0,"reply":{"ok":true,"value":null}}` needs. */
const PING_REPLY_MAX_CHARS = 4096

function notAnswering(pid: number): Error {
  return new Error(`Another FlipDrop (process ${pid}) is using this data folder but does not answer. Close it and try again.`)
}

/**
 * On POSIX, the socket must be a socket owned by this user before the token is sent to it:
 * a long data path puts it in the shared temp folder, where anyone could create that name.
 * Returns false when it is not there (yet).
 */
async function isOurSocket(address: string, pid: number): Promise<boolean> {
  if (process.platform === 'win32') return true
  try {
    const stats = await lstat(address)
    if (stats.isSocket() && (typeof process.getuid !== 'function' || stats.uid === process.getuid())) return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false
    throw error
  }
  throw new Error(
    `Another FlipDrop (process ${pid}) is using this data folder, but its connection point ${address} is not yours. Close it and try again.`
  )
}

/** Connects and pings with the token; the open socket once the holder answered, else null. */
function reach(address: string, token: string, withinMs: number): Promise<Socket | null> {
  return new Promise((resolve) => {
    const socket = connect(address)
    let received = ''
    const finish = (ok: boolean): void => {
      clearTimeout(timer)
      socket.off('data', onData)
      socket.off('error', onFail)
      socket.off('close', onFail)
      // Hold further data until holding() listens, so no event can slip by unseen.
      if (ok) socket.pause()
      else socket.destroy()
      resolve(ok ? socket : null)
    }
    const onFail = (): void => finish(false)
    // The ping's reply is the only thing the holder sends before we subscribe; anything else is a wrong holder.
    const onData = (chunk: Buffer): void => {
      received += chunk.toString('utf8')
      const end = received.indexOf('\n')
      // A ping's reply is a few bytes: a flood is not a FlipDrop talking.
      if (end === -1) return received.length > PING_REPLY_MAX_CHARS ? finish(false) : undefined
      const response = readResponse(received.slice(0, end))
      finish(response !== null && 'id' in response && response.id === 0 && response.reply.ok && end === received.length - 1)
    }
    const timer = setTimeout(onFail, Math.max(0, withinMs))
    socket.once('connect', () => socket.write(encodeMessage({ id: 0, token, ping: true })))
    socket.on('data', onData)
    socket.on('error', onFail)
    socket.on('close', onFail)
  })
}

function holding(socket: Socket, pid: number, role: string, token: string): HoldingProcess {
  const pending = new Map<number, { resolve: (reply: Envelope<unknown>) => void; reject: (error: Error) => void }>()
  const listeners = new Set<(channel: string, payload: unknown) => void>()
  let nextId = 1
  let subscribed = false
  let ended = false

  const closed = new Promise<void>((resolve) => {
    socket.on('close', () => {
      ended = true
      const gone = new Error(`The other FlipDrop (process ${pid}) closed the connection.`)
      for (const request of pending.values()) request.reject(gone)
      pending.clear()
      resolve()
    })
  })
  // Errors end in 'close', which settles everything; the handler keeps them from being thrown.
  socket.on('error', () => {})

  const splitter = createLineSplitter((line) => {
    const response = readResponse(line)
    if (!response) {
      socket.destroy()
      return
    }
    if ('id' in response) {
      const request = pending.get(response.id)
      pending.delete(response.id)
      request?.resolve(response.reply)
      return
    }
    if (!isHandoffChannel(response.event)) return
    for (const listener of [...listeners]) listener(response.event, response.payload)
  })
  socket.on('data', (chunk: Buffer) => {
    if (!splitter.push(chunk)) socket.destroy()
  })
  socket.resume()

  function request(message: (id: number) => HandoffRequest): Promise<Envelope<unknown>> {
    if (ended || socket.destroyed) return Promise.reject(new Error(`The connection to FlipDrop (process ${pid}) is closed.`))
    const id = nextId++
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject })
      socket.write(encodeMessage(message(id)))
    })
  }

  return {
    pid,
    role,
    invoke: (channel, input) => request((id) => ({ id, token, channel, input })),
    onEvent(listener) {
      listeners.add(listener)
      if (!subscribed) {
        subscribed = true
        // Nothing to wait for: requests are read in order, so the next invoke comes after it.
        request((id) => ({ id, token, subscribe: true })).catch(() => undefined)
      }
      return () => void listeners.delete(listener)
    },
    closed,
    close() {
      socket.destroy()
    }
  }
}

/**
 * Reaches the process holding `dataDir`'s lock, to hand it upload jobs. Null when nobody
 * (alive) holds it: the caller may then take the lock and run the queue itself. Throws a
 * message for the designer when the holder is alive but does not answer within `timeoutMs`.
 * Retries until then: the holder takes the lock before it starts listening.
 */
export async function connectToHolder(dataDir: string, options: ConnectToHolderOptions = {}): Promise<HoldingProcess | null> {
  const deadline = Date.now() + (options.timeoutMs ?? DEFAULT_TIMEOUT_MS)
  for (;;) {
    // Read afresh each time: the holder may have quit, or been replaced by another.
    const holder = await readDataLock(dataDir)
    if (!holder) return null
    const { socket: address, token, role } = holder.info
    if (address && token && (await isOurSocket(address, holder.pid))) {
      const socket = await reach(address, token, deadline - Date.now())
      if (socket) return holding(socket, holder.pid, role ?? 'app', token)
    }
    const left = deadline - Date.now()
    if (left <= 0) throw notAnswering(holder.pid)
    await sleep(Math.min(RETRY_DELAY_MS, left))
  }
}
