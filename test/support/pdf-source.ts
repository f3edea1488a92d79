import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A loopback web server that serves given bytes (or never answers), as a create-by-url source. */
export async function startPdfSource(routes: Record<string, Buffer | 'hang'>): Promise<{ url: (path: string) => string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const body = routes[request.url ?? '']
    if (body === 'hang') return
    if (!body) return void response.writeHead(404).end()
    response.writeHead(200, { 'content-type': 'application/pdf', 'content-length': body.length }).end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  }
}
