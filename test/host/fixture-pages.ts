import type { ServerResponse } from 'node:http'
import { RENDERER_CSP } from '../../src-main/shell/content-security-policy'
import { PRELOAD_PATH } from './wire'

/**
 * Test-only pages beside the app (never part of it): a test gives the host a bundled script
 * by name, and the host serves it as `/__fixture/<name>.html` from its own origin, after the
 * preload stand-in and under the app's policy, as index.html is. Served by the host, not by a
 * browser route: Chromium lets only a page that really came from 127.0.0.1 reach the bridge.
 */
const PREFIX = '/__fixture/'
const NAME = /^[a-z0-9-]+$/

/** The path of the fixture page `name`. */
export function fixturePagePath(name: string): string {
  return `${PREFIX}${name}.html`
}

/** Answers `pathname` when it is a fixture page or its script; false otherwise. */
export function serveFixture(pathname: string, response: ServerResponse, pages: Readonly<Record<string, string>>): boolean {
  if (!pathname.startsWith(PREFIX)) return false
  const match = /^(.+)\.(html|js)$/.exec(pathname.slice(PREFIX.length))
  const name = match?.[1] ?? ''
  const script = NAME.test(name) && Object.hasOwn(pages, name) ? pages[name] : undefined
  if (script === undefined) {
    response.writeHead(404).end()
    return true
  }
  const headers = { 'content-security-policy': RENDERER_CSP }
  if (match?.[2] === 'js') {
    response.writeHead(200, { ...headers, 'content-type': 'text/javascript; charset=utf-8' }).end(script)
  } else {
    response.writeHead(200, { ...headers, 'content-type': 'text/html; charset=utf-8' }).end(
      `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>${name}</title>` +
        `<script src="${PRELOAD_PATH}"></script><script type="module" src="${PREFIX}${name}.js"></script>` +
        '</head><body><div id="app"></div></body></html>\n'
    )
  }
  return true
}
