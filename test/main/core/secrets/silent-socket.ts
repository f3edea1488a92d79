import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** A unix socket that accepts connections and never says a word: a hung bus. */
export interface SilentSocket {
  /** A D-Bus address pointing at the socket. */
  readonly address: string
  /** How many clients have connected so far. */
  readonly connections: number
  /** Drops every connection and removes the socket. */
  close(): Promise<void>
}

/** Starts the silent socket in a temp folder of its own. */
export async function startSilentSocket(): Promise<SilentSocket> {
  const dir = await mkdtemp(join(tmpdir(), 'flipdrop-silent-'))
  const path = join(dir, 'bus')
  const sockets = new Set<Socket>()
  let connections = 0
  const server = createServer((socket) => {
    connections += 1
    sockets.add(socket)
    socket.on('error', () => undefined) // the client may vanish mid-write
    socket.on('close', () => sockets.delete(socket))
    socket.resume() // read and drop whatever the client says
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(path, resolve)
  })
  return {
    address: `unix:path=${path}`,
    get connections() {
      return connections
    },
    async close() {
      if (!server.listening) return
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await rm(dir, { recursive: true, force: true })
    }
  }
}
