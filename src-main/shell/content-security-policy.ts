/**
 * The renderer's Content-Security-Policy, sent as a response header by the `app://`
 * handler (a `<meta>` policy does not reach Web Workers, and pdf.js runs in one) and by
 * the test host, so e2e runs under the same policy. Images (thumbnails, skins, the profile
 * photo) and sounds (background-music previews) may come from the service's public https
 * hosts; nothing else leaves the app's own origin. There is no exception for plain http, not
 * even for tests: the e2e tests that show those files run the emulator over TLS instead.
 * Library covers are fetched and kept by main (library:cover) and shown from `blob:` URLs
 * the page makes of those bytes itself: a blob: URL can only name bytes this page already
 * holds, so it lets no request leave the app.
 */
export const RENDERER_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob: https:", // words-exempt: policy syntax, not words
  "media-src https:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self'",
  // The Share sheet frames its embed preview document (share/embed-preview), which is served with
  // its own policy framing exactly the item's embed origin: the window itself frames nothing else.
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'"
].join('; ')

/**
 * `npm run dev` only: Vite injects styles inline and talks to its HMR socket, which the
 * strict policy forbids; this loosens exactly those two directives for the dev server.
 */
export function devServerCsp(): string {
  // words-exempt: policy syntax, not words
  return RENDERER_CSP.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'").replace(
    "connect-src 'self'",
    "connect-src 'self' ws://localhost:* http://localhost:*" // words-exempt: policy syntax, not words
  )
}
