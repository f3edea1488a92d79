import { protocol, type Session } from 'electron'
import { APP_SCHEME, serveRendererFile } from './renderer-files'

/**
 * Declares `app:` a standard, secure scheme with fetch support (so relative URLs, module
 * scripts, workers and the V8 code cache work as on https). Must run before `ready`.
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } }
  ])
}

/** Serves the built renderer folder on `app://flipdrop/` for this session (after `ready`). */
export function serveAppProtocol(session: Session, rendererDir: string): void {
  session.protocol.handle(APP_SCHEME, (request) => serveRendererFile(request.url, rendererDir, request.method))
}
