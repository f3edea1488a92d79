import { createServer as createHttpServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http'
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https'
import type { AddressInfo, Socket } from 'node:net'

/** A listener of the emulator: plain HTTP, or HTTPS when a key and certificate are given. */
export type Listener = HttpServer | HttpsServer

/** PEM key and certificate chain of an HTTPS listener. */
export interface TlsPem {
  key: string
  cert: string
}

/**
 * Creates one listener. requestTimeout 0: a slow multi-GiB upload must not be cut by the
 * server. Node's own clientError handling answers unparsable requests (400) and huge headers (431).
 */
export function createListener(handler: (req: IncomingMessage, res: ServerResponse) => void, tls: TlsPem | undefined): Listener {
  const http = { requestTimeout: 0, keepAliveTimeout: 5_000 }
  const server = tls ? createHttpsServer({ ...http, key: tls.key, cert: tls.cert }, handler) : createHttpServer(http, handler)
  const sockets = new Set<Socket>()
  server.on('connection', (socket: Socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  })
  rawSockets.set(server, sockets)
  return server
}

/**
 * Every TCP socket of a listener. closeAllConnections() knows only sockets that carry HTTP:
 * a TLS connection still in its handshake (a client reconnecting while the service is
 * stopped) would keep close() waiting, so closing destroys these too.
 */
const rawSockets = new WeakMap<Listener, Set<Socket>>()

/** Listens on host:port (0 = a free port) and resolves with the port bound. */
export function listen(server: Listener, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve((server.address() as AddressInfo).port)
    })
  })
}

/** Stops accepting and drops open (keep-alive or streaming) connections at once. */
export function closeListener(server: Listener): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve())
    server.closeAllConnections()
    for (const socket of rawSockets.get(server) ?? []) socket.destroy()
  })
}
