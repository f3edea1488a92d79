import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { makePdf, notPdfBytes } from '../fixtures/make-pdf'

/** A local HTTP server that plays the FileURL source of create-by-url in tests. */
export interface SourceServer {
  origin: string
  port: number
  /** The PDF served at /doc.pdf (and /files/Annual%20Plan.pdf). */
  pdf: Buffer
  close: () => Promise<void>
}

/**
 * Starts the source on 127.0.0.1: /doc.pdf (3 pages), /other.pdf (5 pages), /not-a-pdf,
 * /missing (404), /stall (never answers), /trickle (headers, then silence), /big (3 MiB),
 * /redirect-ok → /doc.pdf, /redirect-private → 127.0.0.2.
 */
export async function startSourceServer(): Promise<SourceServer> {
  const pdf = await makePdf(3, 'source')
  const other = await makePdf(5, 'other source')
  let port = 0
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]
    const send = (status: number, body: Buffer, type = 'application/pdf'): void => {
      res.writeHead(status, { 'content-type': type, 'content-length': String(body.length) })
      res.end(body)
    }
    if (path === '/doc.pdf' || path === '/files/Annual%20Plan.pdf') return send(200, pdf)
    if (path === '/other.pdf') return send(200, other)
    if (path === '/not-a-pdf') return send(200, notPdfBytes(), 'application/octet-stream')
    if (path === '/big') return send(200, Buffer.alloc(3 * 1024 * 1024, 0x25))
    if (path === '/stall') return
    if (path === '/trickle') {
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': String(pdf.length) })
      res.write(pdf.subarray(0, 100))
      return
    }
    if (path === '/redirect-ok') {
      res.writeHead(302, { location: '/doc.pdf' })
      return res.end()
    }
    if (path === '/redirect-private') {
      res.writeHead(302, { location: `http://127.0.0.2:${String(port)}/doc.pdf` })
      return res.end()
    }
    send(404, Buffer.from('not found'), 'text/plain')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
  return {
    origin: `http://127.0.0.1:${String(port)}`,
    port,
    pdf,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
  }
}
