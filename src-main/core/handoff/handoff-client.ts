import { hostname } from 'node:os'
import { join } from 'node:path'
import type { Socket } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import type { Envelope } from '../../../src-shared/contract/errors'
import { LOCK_FILE_NAME } from '../storage/data-lock'
import { DataFolderHeldElsewhereError } from '../storage/lock-errors'
import { readLockFile, type HeldLock } from '../storage/lock-file'
import { DEFAULT_STALE_AFTER_MS, isProcessAlive, judgeSilent, sameHost, type LivenessRules } from '../storage/lock-liveness'
import { createLineSplitter, encodeMessage, isHandoffChannel, readResponse, type HandoffRequest } from './handoff-protocol'
import { isOurSocket, pingHolder, reachHolder, type Reached } from './holder-ping'
import { monotonicNow } from '../clock'

/** The process holding the data folder, reached over its hand-off socket. */
export interface HoldingProcess {
  readonly pid: number
  /** What the lock says it is: 'app' or 'command'. */
  readonly role: string
  /** Runs an `uploads:*` or `links:*` invoke channel in the holder. Rejects once the connection is gone. */
  invoke(channel: string, input?: unknown): Promise<Envelope<unknown>>
  /**
   * Follows the holder's `uploads:*` and `links:*` events; the first listener subscribes. Events
   * caused by anything invoked after this call are delivered. Returns the function that stops listening.
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
  /** How long to wait for a holder that takes no work (a `flipdrop upload` working on its own files) to leave (default 60 s). */
  waitForFolderMs?: number
  /** Told once when waiting for such a holder, to say so. */
  onWait?: (holder: { pid: number; role: string }) => void
  /** Stops waiting. */
  signal?: AbortSignal
}

const DEFAULT_TIMEOUT_MS = 3_000
const DEFAULT_WAIT_FOR_FOLDER_MS = 60_000
/** Between attempts: the holder may have taken the lock and not be listening yet. */
const RETRY_DELAY_MS = 50
/** A holder answers a ping at once. */
const PING_TIMEOUT_MS = 1_000

function notAnswering(pid: number): Error {
  return new Error(`Another FlipDrop (process ${pid}) is using this data folder but does not answer. Close it and try again.`)
}

/** Said after waiting `waitedMs` for a holder that takes no work: a command publishing or queueing only its own files. */
function stillBusy(pid: number, waitedMs: number): Error {
  return new Error(
    `flipdrop (process ${pid}) is still working on its own files in this data folder after ${waitedMs < 1000 ? `${waitedMs} ms` : `${Math.round(waitedMs / 1000)} s`}, and it takes no work from other commands. Try again once it has finished.`
  )
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
      const gone = new Error(
        `The FlipDrop this command handed its work to (process ${pid}) stopped before it answered, so whether it was done is not known. Check with flipdrop queue (or flipdrop links).`
      )
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

function livenessRules(): LivenessRules {
  return { pid: process.pid, host: hostname(), isAlive: isProcessAlive, probe: pingHolder, staleAfterMs: DEFAULT_STALE_AFTER_MS }
}

/** Settles when `socket` closes, `ms` pass, or `signal` aborts; closes the socket. */
function untilClosed(socket: Socket, ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer)
      signal?.removeEventListener('abort', done)
      socket.destroy()
      resolve()
    }
    const timer = setTimeout(done, Math.max(0, ms))
    signal?.addEventListener('abort', done, { once: true })
    socket.once('close', done)
    socket.on('error', () => {})
    socket.resume()
  })
}

/**
 * A holder that runs no uploads takes no work (lock info `handoff: off`): wait for it to leave.
 * Holds a pinged connection open, so its closing wakes us at once. 'stale' when it is gone.
 */
async function waitWhileQueueing(holder: HeldLock, until: number, waiting: () => void, signal?: AbortSignal): Promise<'stale' | 'waited'> {
  const { socket: address, token } = holder.info
  const reached: Reached =
    address && token && (await isOurSocket(address, holder.pid))
      ? await reachHolder(address, token, Math.min(PING_TIMEOUT_MS, until - monotonicNow()))
      : { kind: 'silent' }
  if (reached.kind === 'silent' && judgeSilent(holder, livenessRules()).kind === 'stale') return 'stale'
  waiting()
  if (reached.kind === 'answered') await untilClosed(reached.socket, until - monotonicNow(), signal)
  else await sleep(Math.max(0, Math.min(RETRY_DELAY_MS * 2, until - monotonicNow())), undefined, signal ? { signal } : {}).catch(() => undefined)
  return 'waited'
}

/**
 * Reaches the process holding `dataDir`'s lock, to hand it work, at the address its lock names
 * (never one derived from the folder: a Windows pipe's name has a random part). Null when nobody
 * (alive) holds it: the caller may then take the lock itself. Waits for a holder that takes no
 * work to leave (then null), up to `waitForFolderMs`. Throws for a lock held on another machine,
 * and for a live holder that does not answer within `timeoutMs`; retries until then, since the
 * holder takes the lock before it starts listening.
 */
export async function connectToHolder(dataDir: string, options: ConnectToHolderOptions = {}): Promise<HoldingProcess | null> {
  const lockPath = join(dataDir, LOCK_FILE_NAME)
  const deadline = monotonicNow() + (options.timeoutMs ?? DEFAULT_TIMEOUT_MS)
  let waitUntil: number | null = null
  let told = false
  for (;;) {
    if (options.signal?.aborted) throw new Error('Stopped while waiting for the data folder; nothing was handed over.')
    // Read afresh each time: the holder may have quit, or been replaced by another.
    const holder = await readLockFile(lockPath)
    // Free, or a garbage file the caller replaces when it takes the folder.
    if (holder.kind !== 'held') return null
    if (holder.host !== null && !sameHost(holder.host, hostname())) throw new DataFolderHeldElsewhereError(holder.pid, holder.host, lockPath)
    const { socket: address, token, role = 'app' } = holder.info
    if (holder.info['handoff'] === 'off') {
      waitUntil ??= monotonicNow() + (options.waitForFolderMs ?? DEFAULT_WAIT_FOR_FOLDER_MS)
      if (monotonicNow() >= waitUntil) throw stillBusy(holder.pid, options.waitForFolderMs ?? DEFAULT_WAIT_FOR_FOLDER_MS)
      const waiting = (): void => {
        if (!told) options.onWait?.({ pid: holder.pid, role })
        told = true
      }
      if ((await waitWhileQueueing(holder, waitUntil, waiting, options.signal)) === 'stale') return null
      continue
    }
    let reached: Reached = { kind: 'silent' }
    if (address && token && (await isOurSocket(address, holder.pid))) reached = await reachHolder(address, token, deadline - monotonicNow())
    if (reached.kind === 'answered') return holding(reached.socket, holder.pid, role, token ?? '')
    if (reached.kind === 'silent' && judgeSilent(holder, livenessRules()).kind === 'stale') return null
    const left = deadline - monotonicNow()
    if (left <= 0) throw notAnswering(holder.pid)
    await sleep(Math.min(RETRY_DELAY_MS, left))
  }
}
