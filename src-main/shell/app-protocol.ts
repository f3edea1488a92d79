import { protocol, type Session } from 'electron'
import { answerAppRequest, type EmbedPreviewSource } from './app-requests'
import { APP_SCHEME } from './renderer-files'

/**
 * Declares `app:` a standard, secure scheme with fetch support (so relative URLs, module
 * scripts, workers and the V8 code cache work as on https). Must run before `ready`.
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } }
  ])
}

/** Serves the built renderer folder, and the Share sheet's embed preview, on `app://flipdrop/` for this session (after `ready`). */
export function serveAppProtocol(session: Session, rendererDir: string, embedPreview: EmbedPreviewSource): void {
  session.protocol.handle(APP_SCHEME, (request) => answerAppRequest(request.url, rendererDir, request.method, embedPreview))
}
