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
    let answered = false
    const outgoing = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: request.url,
        method: request.method,
        headers: { ...request.headers, host: upstream.host }
      },
      (answer) => {
        answered = true
        const chunks: Buffer[] = []
        let ended = false
        answer.on('data', (chunk: Buffer) => chunks.push(chunk))
        // Cut off before its end: the client must see a cut too, never half an answer.
        answer.on('close', () => {
          if (!ended) response.destroy()
        })
        answer.on('end', () => {
          ended = true
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
    // An early answer (a 413 from Content-Length) ends the upstream connection while the body is
    // still being passed on: that write fails, but the answer has come and is passed back as the
    // service's. Only a failure before any answer is the client's failure too.
    outgoing.on('error', () => {
      if (!answered) response.destroy()
    })
    request.pipe(outgoing)
  })
  return serveLocally(server)
}
