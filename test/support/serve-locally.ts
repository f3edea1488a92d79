import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A test server listening on a free loopback port: its address, and a close that ends open connections too. */
export async function serveLocally(server: Server): Promise<{ url: string; close(): Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  }
}
