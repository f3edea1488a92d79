import { createServer, request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { connect } from 'node:net'

/**
 * A minimal HTTP proxy on loopback (CONNECT tunnels and absolute-URI forwarding) that
 * records which hosts went through it, to check the client honours proxy settings.
 */
export async function startForwardProxy(): Promise<{ url: string; seen: string[]; close(): Promise<void> }> {
  const seen: string[] = []
  const server: Server = createServer((request, response) => {
    const target = new URL(request.url ?? '')
    seen.push(target.host)
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, path: `${target.pathname}${target.search}`, method: request.method, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(response)
      }
    )
    upstream.on('error', () => response.destroy())
    request.pipe(upstream)
  })
  server.on('connect', (request, socket, head) => {
    seen.push(request.url ?? '')
    const [host = '', port = '80'] = (request.url ?? '').split(':')
    const upstream = connect(Number(port), host, () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n')
      upstream.write(head)
      upstream.pipe(socket)
      socket.pipe(upstream)
    })
    upstream.on('error', () => socket.destroy())
    socket.on('error', () => upstream.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  }
}
