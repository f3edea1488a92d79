import type { Socket } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import type { ActiveFault } from '../faults'
import { JSON_TYPE } from './envelope'
import type { Exchange } from './exchange'

/** Cuts a connection with a TCP reset (the peer sees ECONNRESET). */
export function resetSocket(socket: Socket): void {
  if (!socket.destroyed) socket.resetAndDestroy()
}

/**
 * Applies a fault that acts before the operation. Returns 'continue' when the request should
 * then be handled normally (latency), 'handled' when the fault took over the connection.
 */
export async function applyPreFault(fault: ActiveFault, ex: Exchange): Promise<'continue' | 'handled'> {
  const { req } = ex
  switch (fault.kind) {
    case 'latency': {
      const least = fault.ms ?? 1000
      await sleep(fault.maxMs !== undefined && fault.maxMs > least ? least + Math.random() * (fault.maxMs - least) : least)
      return 'continue'
    }
    case 'stall':
      // Never answer; read nothing more. With ms, the connection is cut after that long.
      req.pause()
      if (fault.ms !== undefined) setTimeout(() => req.socket.destroy(), fault.ms).unref()
      return 'handled'
    case 'reset-request': {
      const limit = fault.bytes ?? 0
      if (limit <= 0) {
        resetSocket(req.socket)
        return 'handled'
      }
      let seen = 0
      req.on('data', (chunk: Buffer) => {
        seen += chunk.length
        if (seen >= limit) resetSocket(req.socket)
      })
      req.on('end', () => resetSocket(req.socket))
      return 'handled'
    }
    case 'status':
    case 'html':
    case 'broken-json':
      // The Exchange carries the fault and replaces whatever is sent.
      ex.send(200, { 'Content-Type': JSON_TYPE }, Buffer.alloc(0))
      return 'handled'
    default:
      return 'continue'
  }
}
