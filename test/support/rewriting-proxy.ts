import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import { serveLocally } from './serve-locally'

/** Changes a JSON answer on its way back; return the new body. */
export type JsonRewrite = (path: string, body: Record<string, unknown>) => Record<string, unknown>

/**
 * A reverse proxy on loopback in front of the emulator that rewrites JSON answers, to show
 * the client does not depend on something the spec never promises (e.g. an optional field
 * the emulator happens to send). Headers pass through; only the body and its length change.
 */
export async function startRewritingProxy(target: string, rewrite: JsonRewrite): Promise<{ url: string; close(): Promise<void> }> {
  const upstream = new URL(target)
  const server = createServer((request, response) => {
    const outgoing = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: request.url,
        method: request.method,
        headers: { ...request.headers, host: upstream.host }
      },
      (answer) => {
        const chunks: Buffer[] = []
        answer.on('data', (chunk: Buffer) => chunks.push(chunk))
        answer.on('end', () => {
          let body = Buffer.concat(chunks)
          const headers: IncomingHttpHeaders = { ...answer.headers }
          if (String(headers['content-type']).includes('json')) {
            const path = new URL(request.url ?? '/', 'http://x').pathname
            body = Buffer.from(JSON.stringify(rewrite(path, JSON.parse(body.toString('utf8')) as Record<string, unknown>)))
            headers['content-length'] = String(body.length)
            delete headers['transfer-encoding']
          }
          response.writeHead(answer.statusCode ?? 502, headers).end(body)
        })
      }
    )
    outgoing.on('error', () => response.destroy())
    request.pipe(outgoing)
  })
  return serveLocally(server)
}
