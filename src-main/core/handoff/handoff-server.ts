import { createHash, timingSafeEqual } from 'node:crypto'
import { chmod, lstat, unlink } from 'node:fs/promises'
import { connect, createServer, type Server, type Socket } from 'node:net'
import type { Envelope } from '../../../src-shared/contract/errors'
import type { Logger } from '../log'
import { createLineSplitter, encodeMessage, isHandoffChannel, readRequest, WINDOW_ONLY_CHANNELS, type HandoffResponse, type ReadRequest } from './handoff-protocol'

/** Runs one invoke channel: raw input in, envelope out. */
export type HandoffDispatch = (channel: string, input: unknown) => Promise<Envelope<unknown>>

/** What the server needs: where to listen, the lock's token, and who answers. */
export interface HandoffServerOptions {
  /** The address published in the lock file (handoffAddress() made it; a Windows pipe's name is random). */
  address: string
  /** The secret published in the lock file; every request must carry it. */
  token: string
  /**
   * Runs handed-over work; null for a holder that takes none (it runs no uploads): it still
   * answers pings, so others know it is alive, and refuses every invoke.
   */
  dispatch: HandoffDispatch | null
  log: Logger
}

/** The listening hand-off server of the process holding the data lock. */
export interface HandoffServer {
  readonly address: string
  /** Sends an event to the subscribed clients; anything outside `uploads:*` and `links:*` is dropped. */
  publish(channel: string, payload: unknown): void
  /**
   * Stops listening and reading requests, lets requests already being run answer, then ends
   * every connection and removes the socket file. Safe to call twice.
   */
  close(): Promise<void>
}

/** A client must prove itself this soon, or it is only holding a connection open. */
const FIRST_MESSAGE_TIMEOUT_MS = 10_000
/** A client that stops reading is dropped before its unsent replies and events eat the app's memory. */
const MAX_UNSENT_BYTES = 64 * 1024 * 1024
/** How long to wait for an answer on a leftover socket before calling it stale. */
const PROBE_TIMEOUT_MS = 1_000
/** On close, how long requests already being run may take to answer (a big intake inspects files). */
const CLOSE_GRACE_MS = 10_000
/** Then how long the replies may take to leave before the connections are cut. */
const FLUSH_GRACE_MS = 1_000

const digest = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest()

/** Whether something listens at `address`: a refused or failed connection means no. */
function answers(address: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = connect(address)
    const done = (listening: boolean): void => {
      clearTimeout(timer)
      probe.destroy()
      resolve(listening)
    }
    // A listener that does not even accept in time is treated as alive: never steal a live socket.
    const timer = setTimeout(() => done(true), PROBE_TIMEOUT_MS)
    probe.once('connect', () => done(true))
    probe.once('error', () => done(false))
  })
}

/**
 * Removes a socket file left by a process that died without closing it; listening would
 * fail with EADDRINUSE otherwise. Only a file of ours that nobody answers on is removed:
 * in a shared temp folder the file may be someone else's, and a live one is never taken.
 */
async function removeStaleSocket(address: string): Promise<void> {
  let stats
  try {
    stats = await lstat(address)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
    throw error
  }
  if (typeof process.getuid === 'function' && stats.uid !== process.getuid()) {
    throw new Error(`${address} belongs to another user, so FlipDrop cannot listen there.`)
  }
  if (await answers(address)) throw new Error(`Another program is already listening on ${address}.`)
  await unlink(address).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  })
}

function listen(server: Server, address: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(address, () => {
      server.off('error', reject)
      resolve()
    })
  })
}

/** Settles when `promise` does, or after `ms`, whichever comes first. */
function atMost(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))
  return Promise.race([promise.then(() => undefined), late]).finally(() => clearTimeout(timer))
}

/**
 * Listens at `address` (the one published in the lock) so a second `flipdrop` can hand its
 * uploads and link changes to this process instead of opening the journal itself. Call it
 * only while holding the data lock: the lock is what makes the address ours to clean up and
 * listen on.
 */
export async function startHandoffServer(options: HandoffServerOptions): Promise<HandoffServer> {
  const { address, dispatch, log } = options
  const posix = process.platform !== 'win32'
  const expected = digest(options.token)
  const connections = new Set<Socket>()
  const subscribers = new Set<Socket>()
  /** Requests being run: on close they answer before the connections end. */
  const running = new Set<Promise<void>>()
  let closingDown = false

  // Hashing both sides gives equal lengths, so the compare takes the same time whatever was sent.
  const tokenMatches = (token: string): boolean => timingSafeEqual(digest(token), expected)

  function send(socket: Socket, message: HandoffResponse | string): void {
    if (socket.destroyed || !socket.writable) return
    socket.write(typeof message === 'string' ? message : encodeMessage(message))
    if (socket.writableLength > MAX_UNSENT_BYTES) drop(socket, 'it stopped reading')
  }

  function drop(socket: Socket, why: string): void {
    if (socket.destroyed) return
    log.warn(`Hand-off: closed a connection because ${why}.`)
    socket.destroy()
  }

  async function answer(socket: Socket, request: ReadRequest): Promise<void> {
    if (request.kind !== 'invoke') {
      if (request.kind === 'subscribe') subscribers.add(socket)
      send(socket, { id: request.id, reply: { ok: true, value: null } })
      return
    }
    if (!dispatch) {
      const message = `This flipdrop (process ${process.pid}) works only on its own files, so it takes no work from other commands. Try again once it has finished.`
      send(socket, { id: request.id, reply: { ok: false, error: { code: 'not-allowed', message } } })
      return
    }
    if (!isHandoffChannel(request.channel)) {
      const message = WINDOW_ONLY_CHANNELS.has(request.channel)
        ? `"${request.channel}" belongs to the FlipDrop window (a dialog or what the window is shown); another process cannot run it.`
        : `"${request.channel}" cannot be run from another FlipDrop process; only the upload queue (uploads:…) and links and hot folders (links:…) can.`
      send(socket, { id: request.id, reply: { ok: false, error: { code: 'not-allowed', message } } })
      return
    }
    let reply: Envelope<unknown>
    try {
      reply = await dispatch(request.channel, request.input)
    } catch (error) {
      log.error(`Hand-off: unexpected failure in ${request.channel}`, error)
      reply = { ok: false, error: { code: 'internal', message: 'Something went wrong inside FlipDrop. Please try again.' } }
    }
    send(socket, { id: request.id, reply })
  }

  function accept(socket: Socket): void {
    connections.add(socket)
    socket.setTimeout(FIRST_MESSAGE_TIMEOUT_MS, () => drop(socket, 'it sent nothing'))
    const splitter = createLineSplitter((line) => {
      // Closing: a request not read yet is never run (its sender sees no answer, and nothing was done).
      if (socket.destroyed || closingDown) return
      const request = readRequest(line)
      if (!request) return drop(socket, 'it sent a malformed message')
      // Never log the token itself, even a wrong one: it may be a near miss of the real one.
      if (!tokenMatches(request.token)) return drop(socket, 'it sent a wrong token')
      socket.setTimeout(0)
      const run = answer(socket, request).finally(() => running.delete(run))
      running.add(run)
    })
    socket.on('data', (chunk: Buffer) => {
      if (!splitter.push(chunk)) drop(socket, 'a message was longer than 16 MiB')
    })
    // A client vanishing mid-write is normal; 'close' follows and cleans up.
    socket.on('error', () => {})
    socket.on('close', () => {
      connections.delete(socket)
      subscribers.delete(socket)
    })
  }

  if (posix) await removeStaleSocket(address)
  const server = createServer(accept)
  await listen(server, address)
  // The lock file, the queue and the host decide when this process ends, never the listener.
  server.unref()
  // The token is the real gate; 0600 also keeps other users from even connecting.
  if (posix) await chmod(address, 0o600)
  log.info(`Hand-off: listening on ${address}.`)

  let closing: Promise<void> | null = null
  return {
    address,
    publish(channel, payload) {
      if (!isHandoffChannel(channel) || subscribers.size === 0) return
      let line: string
      try {
        line = encodeMessage({ event: channel, payload })
      } catch (error) {
        log.error(`Hand-off: could not send ${channel}`, error)
        return
      }
      for (const socket of subscribers) send(socket, line)
    },
    close() {
      closing ??= (async () => {
        closingDown = true
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()))
        // Work already started answers, so its sender knows it was done.
        await atMost(Promise.allSettled([...running]), CLOSE_GRACE_MS)
        const ended = [...connections].map((socket) => new Promise<void>((resolve) => socket.once('close', () => resolve())))
        for (const socket of connections) socket.end()
        await atMost(Promise.all(ended), FLUSH_GRACE_MS)
        for (const socket of connections) socket.destroy()
        await stopped
        // Node removes the socket file itself on close; this covers the cases where it does not.
        if (posix) await unlink(address).catch(() => undefined)
      })()
      return closing
    }
  }
}
