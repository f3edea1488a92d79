import { createServer, request as httpRequest } from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'
import { serveLocally } from './serve-locally'

/**
 * A reverse proxy on loopback in front of the emulator that takes a whole request and holds it
 * for `holdMs(path)` before passing it on, whether or not the client is still waiting: a busy
 * service that got the whole upload and goes on with it after FlipDrop stopped waiting.
 */
export async function startHoldingProxy(target: string, holdMs: (path: string) => number): Promise<{ url: string; close(): Promise<void> }> {
  const upstream = new URL(target)
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const path = new URL(request.url ?? '/', 'http://x').pathname
      void sleep(holdMs(path)).then(() => {
        const outgoing = httpRequest(
          { host: upstream.hostname, port: upstream.port, path: request.url, method: request.method, headers: { ...request.headers, host: upstream.host } },
          (answer) => {
            if (response.destroyed) return void answer.resume()
            response.writeHead(answer.statusCode ?? 502, answer.headers)
            answer.pipe(response)
          }
        )
        outgoing.on('error', () => response.destroy())
        outgoing.end(Buffer.concat(chunks))
      })
    })
  })
  return serveLocally(server)
}
