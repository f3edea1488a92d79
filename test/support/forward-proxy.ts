import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { connect } from 'node:net'

/**
 * A minimal HTTP proxy on loopback (CONNECT tunnels and absolute-URI forwarding) that
 * records which hosts went through it, to check the client honours proxy settings. With
 * `login`, it asks for Basic credentials (407) and lets through only those; `refused`
 * counts the requests it turned away.
 */
export async function startForwardProxy(
  options: { login?: { username: string; password: string } } = {}
): Promise<{ url: string; seen: string[]; refused: number; close(): Promise<void> }> {
  const seen: string[] = []
  const expected = options.login ? `Basic ${Buffer.from(`${options.login.username}:${options.login.password}`).toString('base64')}` : null
  const allowed = (headers: IncomingHttpHeaders): boolean => expected === null || headers['proxy-authorization'] === expected
  const challenge = 'HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="test"\r\nContent-Length: 0\r\nConnection: close\r\n\r\n'
  const server: Server = createServer((request, response) => {
    if (!allowed(request.headers)) {
      proxy.refused += 1
      response.writeHead(407, { 'proxy-authenticate': 'Basic realm="test"', connection: 'close' }).end()
      return
    }
    const headers = { ...request.headers }
    delete headers['proxy-authorization']
    const target = new URL(request.url ?? '')
    seen.push(target.host)
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, path: `${target.pathname}${target.search}`, method: request.method, headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(response)
      }
    )
    upstream.on('error', () => response.destroy())
    request.pipe(upstream)
  })
  server.on('connect', (request, socket, head) => {
    if (!allowed(request.headers)) {
      proxy.refused += 1
      socket.end(challenge)
      return
    }
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
  const proxy = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    refused: 0,
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  }
  return proxy
}
