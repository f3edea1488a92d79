import type { IncomingMessage, ServerResponse } from 'node:http'
import { actsAfterHandler, interceptsBeforeService, type ActiveFault } from '../faults'
import type { DocType } from '../options'
import { hostOfDocType, type ItemHost } from '../state/item-space'
import type { RequestLogEntry } from '../state/types'
import { applyPreFault } from './apply-fault'
import { presentedKey } from './auth'
import { MESSAGES, UNAUTHORIZED_HTML, errorBody } from './envelope'
import { Exchange, hasBody } from './exchange'
import { docTypeForHost, type HostNames } from './host'
import { rateHeaders } from './rate-limit'
import type { Route, RouteContext, ServerEnv } from './route-context'
import { matchRoute } from './router'

/** The parts of a server a listener dispatches to. */
export interface Dispatch {
  env: ServerEnv
  routes: readonly Route[]
  hostNames: () => HostNames
  /** Admin endpoints; `host` is the host the request was sent to (its ID space). */
  admin: (ex: Exchange, path: string, host: ItemHost) => Promise<void>
  /** Public files and viewer pages; `host` as for admin. */
  publicFiles: (ex: Exchange, path: string, host: ItemHost) => Promise<void>
}

const PUBLIC_PREFIXES = ['/__files/', '/view/', '/embed/']

function splitUrl(raw: string | undefined): { path: string; query: URLSearchParams } {
  const url = raw ?? '/'
  const q = url.indexOf('?')
  const path = q === -1 ? url : url.slice(0, q)
  let query: URLSearchParams
  try {
    query = new URLSearchParams(q === -1 ? '' : url.slice(q + 1))
  } catch {
    query = new URLSearchParams()
  }
  return { path, query }
}

/**
 * The request handler of one listener. API requests go: auth (401 HTML, §5) → fixed-window
 * rate limit (429, headers on every response, §8) → faults → operation. Public files and
 * admin endpoints need no key. Nothing a client sends can throw out of here.
 */
export function createHandler(d: Dispatch, listener: DocType): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    req.on('error', () => undefined)
    res.on('error', () => undefined)
    handle(d, listener, req, res).catch((err: unknown) => {
      d.env.state.internalErrors.push(String(err instanceof Error ? (err.stack ?? err.message) : err))
      if (!res.headersSent && !res.destroyed) {
        res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' })
        res.end(JSON.stringify(errorBody(MESSAGES.internal)))
      } else res.destroy()
    })
  }
}

async function handle(d: Dispatch, listener: DocType, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { env } = d
  const method = (req.method ?? 'GET').toUpperCase()
  const { path, query } = splitUrl(req.url)
  const docType = docTypeForHost(req.headers.host, listener, d.hostNames())
  const host = hostOfDocType(docType)

  if (env.options.admin && (path === '/__emulator' || path.startsWith('/__emulator/'))) {
    await d.admin(new Exchange(req, res, undefined), path, host)
    return
  }
  const entry: RequestLogEntry = { atMs: env.options.now(), method, path, host: docType, account: '', status: 0, fault: '' }
  let ex: Exchange | undefined
  res.on('close', () => {
    entry.status = ex?.status ?? 0
    entry.endedAtMs = env.options.now()
    env.state.logRequest(entry)
  })

  // A login page in front of the service answers every request itself, key or not.
  const portal = env.faults.take(method, path, interceptsBeforeService)
  if (portal) {
    entry.fault = portal.kind
    // It reads the whole request first, as a proxy does, so an upload sees the page, not a cut.
    if (hasBody(req) && !req.complete) await new Promise<void>((resolve) => req.resume().once('end', resolve).once('close', resolve))
    ex = new Exchange(req, res, portal)
    ex.send(200, {}, Buffer.alloc(0))
    return
  }
  const notPortal = (fault: ActiveFault): boolean => !interceptsBeforeService(fault)

  if (PUBLIC_PREFIXES.some((p) => path.startsWith(p))) {
    const fault = env.faults.take(method, path, notPortal)
    entry.fault = fault?.kind ?? ''
    ex = new Exchange(req, res, faultForAnswer(fault))
    if (fault && !actsAfterHandler(fault) && (await applyPreFault(fault, ex)) === 'handled') return
    await d.publicFiles(ex, path, host)
    return
  }

  const key = presentedKey(req)
  const account = key === undefined ? undefined : env.state.accountOf(key)
  if (key === undefined || !account) {
    setHeaders(res, rateHeaders(env.limiter.peek()))
    ex = new Exchange(req, res, undefined)
    ex.html(401, UNAUTHORIZED_HTML)
    return
  }
  entry.account = account.userId
  const decision = env.limiter.hit(key, account.userId)
  setHeaders(res, rateHeaders(decision))
  if (!decision.allowed) {
    ex = new Exchange(req, res, undefined)
    ex.json(429, errorBody(MESSAGES.rateLimited))
    return
  }

  const fault = env.faults.take(method, path, notPortal)
  entry.fault = fault?.kind ?? ''
  ex = new Exchange(req, res, faultForAnswer(fault))
  if (fault && !actsAfterHandler(fault) && (await applyPreFault(fault, ex)) === 'handled') return

  const match = matchRoute(d.routes, method, path)
  if (match.kind === 'none') return ex.error(`No HTTP resource was found that matches the request URI '${path}'.`)
  if (match.kind === 'wrong-method') {
    return ex.error(`The requested resource does not support http method '${method}'.`)
  }
  const ctx: RouteContext = { env, ex, key, account, docType, host, origin: env.origins[docType], params: match.params, query }
  try {
    await match.route.handler(ctx)
  } catch (err) {
    env.state.internalErrors.push(`${method} ${path}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`)
    env.options.log(`emulator: internal error on ${method} ${path}: ${String(err)}`)
    ex.error(MESSAGES.internal)
  }
  if (!ex.done) {
    env.state.internalErrors.push(`${method} ${path}: handler gave no answer`)
    ex.error(MESSAGES.internal)
  }
}

/** The fault the Exchange applies to the answer: all but latency, stall and reset-request. */
function faultForAnswer(fault: ActiveFault | undefined): ActiveFault | undefined {
  if (!fault) return undefined
  return fault.kind === 'latency' || fault.kind === 'stall' || fault.kind === 'reset-request' ? undefined : fault
}

function setHeaders(res: ServerResponse, headers: Record<string, string>): void {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)
}
