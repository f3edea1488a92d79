import { lstat } from 'node:fs/promises'
import { connect, type Socket } from 'node:net'
import type { HolderProbe } from '../storage/lock-liveness'
import { encodeMessage, readResponse } from './handoff-protocol'

/** Far more than `{"id":0,"reply":{"ok":true,"value":null}}` needs. */
const PING_REPLY_MAX_CHARS = 4096
/** A holder answers a ping at once; a listener slower than this is still taken as alive. */
const PROBE_TIMEOUT_MS = 1_000

/** What connecting and pinging showed: an open, verified connection; a listener that did not answer in time; or nobody. */
export type Reached = { kind: 'answered'; socket: Socket } | { kind: 'listening' } | { kind: 'silent' }

/**
 * On POSIX, the socket must be a socket owned by this user before the token is sent to it:
 * a long data path puts it in the shared temp folder, where anyone could create that name.
 * Returns false when it is not there (yet); throws, saying so, when it belongs to someone else.
 */
export async function isOurSocket(address: string, pid: number): Promise<boolean> {
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

/** Connects to `address` and pings with `token`; on an answer the socket stays open (paused) for the caller. */
export function reachHolder(address: string, token: string, withinMs: number): Promise<Reached> {
  return new Promise((resolve) => {
    const socket = connect(address)
    let connected = false
    let settled = false
    let received = ''
    const finish = (answered: boolean): void => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      socket.off('data', onData)
      socket.off('error', onFail)
      socket.off('close', onFail)
      // Hold further data until the caller listens, so no event can slip by unseen.
      if (answered) {
        socket.pause()
        resolve({ kind: 'answered', socket })
        return
      }
      socket.destroy()
      resolve({ kind: 'silent' })
    }
    const onFail = (): void => finish(false)
    // The ping's reply is the only thing the holder sends first; anything else is a wrong holder.
    const onData = (chunk: Buffer): void => {
      received += chunk.toString('utf8')
      const end = received.indexOf('\n')
      // A ping's reply is a few bytes: a flood is not a FlipDrop talking.
      if (end === -1) return received.length > PING_REPLY_MAX_CHARS ? finish(false) : undefined
      const response = readResponse(received.slice(0, end))
      finish(response !== null && 'id' in response && response.id === 0 && response.reply.ok && end === received.length - 1)
    }
    const timer = setTimeout(() => {
      settled = true
      socket.destroy()
      resolve(connected ? { kind: 'listening' } : { kind: 'silent' })
    }, Math.max(0, withinMs))
    socket.once('connect', () => {
      connected = true
      socket.write(encodeMessage({ id: 0, token, ping: true }))
    })
    socket.on('data', onData)
    socket.on('error', onFail)
    socket.on('close', onFail)
  })
}

/** The lock's probe: does the holder named by `info` answer its token? */
export const pingHolder: HolderProbe = async (info) => {
  const { socket: address, token } = info
  if (!address || !token) return 'silent'
  // A socket that is not ours proves nothing about the holder (and must not learn the token).
  if (!(await isOurSocket(address, 0).catch(() => false))) return 'silent'
  const reached = await reachHolder(address, token, PROBE_TIMEOUT_MS)
  if (reached.kind === 'answered') {
    reached.socket.destroy()
    return 'answers'
  }
  return reached.kind === 'listening' ? 'listening' : 'silent'
}
