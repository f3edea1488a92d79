import type { Route } from './route-context'

/** The result of matching a request against the routes. */
export type RouteMatch =
  | { kind: 'found'; route: Route; params: Record<string, string> }
  | { kind: 'wrong-method'; allowed: string[] }
  | { kind: 'none' }

function matchPath(template: string, path: string): Record<string, string> | undefined {
  const t = template.split('/')
  const p = path.split('/')
  if (t.length !== p.length) return undefined
  const params: Record<string, string> = {}
  for (let i = 0; i < t.length; i++) {
    const seg = t[i] ?? ''
    const actual = p[i] ?? ''
    if (seg.startsWith(':')) {
      if (actual === '') return undefined
      try {
        params[seg.slice(1)] = decodeURIComponent(actual)
      } catch {
        params[seg.slice(1)] = actual
      }
    } else if (seg.toLowerCase() !== actual.toLowerCase()) return undefined
  }
  return params
}

/** Finds the route of a request; paths match case-insensitively, like the service's. */
export function matchRoute(routes: readonly Route[], method: string, path: string): RouteMatch {
  const allowed: string[] = []
  for (const route of routes) {
    const params = matchPath(route.path, path)
    if (!params) continue
    if (route.method === method || (route.method === 'GET' && method === 'HEAD')) return { kind: 'found', route, params }
    allowed.push(route.method)
  }
  return allowed.length > 0 ? { kind: 'wrong-method', allowed } : { kind: 'none' }
}
