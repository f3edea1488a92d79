import { AppError } from '../../src-shared/contract/errors'
import { AccountChoiceError } from '../core/accounts/resolve-account'
import { ServiceError } from '../core/api/service-error'
import { KeychainError } from '../core/secrets/keychain-error'
import { EXIT, type ExitCode } from './exit-codes'
import { addressFix, keySource, serviceAddress } from './service-address'

/** Stable codes of the command's own failures; service and core failures keep their own codes. */
const CODE_BY_EXIT: Record<ExitCode, string> = { 0: 'ok', 1: 'failed', 2: 'usage', 3: 'no-key', 4: 'unreachable', 130: 'interrupted' }

/** A failure the command reports as one sentence, a stable code and an exit code. */
export class CliError extends Error {
  readonly code: string

  constructor(
    message: string,
    readonly exitCode: ExitCode,
    code?: string
  ) {
    super(message)
    this.name = 'CliError'
    this.code = code ?? CODE_BY_EXIT[exitCode]
  }
}

/** A failure as reported: on stderr as its message, in --json mode as `{"error":{code,message,exitCode}}` on stdout. */
export interface FailureRecord {
  code: string
  message: string
  exitCode: ExitCode
}

/** What a message about an address or a key needs to know: the environment and the data folder. */
export interface FailurePlace {
  env: NodeJS.ProcessEnv
  dataDir: string
}

function errorCodes(error: unknown): string[] {
  const codes: string[] = []
  let current: unknown = error
  for (let depth = 0; depth < 6 && current instanceof Error; depth++) {
    const code = (current as Error & { code?: unknown }).code
    if (typeof code === 'string') codes.push(code)
    current = current.cause
  }
  return codes
}

/** Why a connection failed, in words, from the system's error codes (refused, no such host, TLS…). */
function whyUnreachable(error: unknown): string | null {
  const codes = errorCodes(error)
  if (codes.includes('ECONNREFUSED')) return 'connection refused'
  if (codes.includes('ENOTFOUND') || codes.includes('EAI_AGAIN')) return 'no such host'
  if (codes.includes('EHOSTUNREACH') || codes.includes('ENETUNREACH')) return 'no route to that host'
  if (codes.includes('UND_ERR_CONNECT_TIMEOUT') || codes.includes('ETIMEDOUT')) return 'the connection timed out'
  if (codes.includes('ECONNRESET') || codes.includes('UND_ERR_SOCKET')) return 'the connection was cut'
  if (codes.includes('ERR_INVALID_URL')) return 'that is not a valid address'
  const tls = codes.find((code) => /CERT|SSL|TLS|EPROTO|SELF_SIGNED|UNABLE_TO_VERIFY/i.test(code))
  if (tls) return `no secure connection could be made: ${tls}`
  return null
}

/** Why, when a captive portal or a proxy's login page answered instead of the service. */
export const PORTAL_WHY = 'a sign-in page answers instead: hotel or office Wi-Fi? Sign in to the network in a browser'

/**
 * "Could not reach the service at …": the address, why (refused, no such host, TLS…), what
 * the core said (`detail`: how long a stall waited), and the variable or setting to fix.
 */
export function unreachableMessage(place: FailurePlace | undefined, why: string | null, detail?: string): string {
  const more = detail ? ` ${detail}` : ''
  if (!place) return `Could not reach the service${why ? ` (${why})` : ''}.${more}`
  const address = serviceAddress(place.env, place.dataDir)
  return `Could not reach the service at ${address.url}${why ? ` (${why})` : ''}.${more} ${addressFix(address)}`
}

/** "The service did not accept the API key from …", with how to give another. */
export function keyRefusedMessage(place: FailurePlace | undefined): string {
  if (!place) return 'The service did not accept the API key. Set FLIPDROP_API_KEY, or run flipdrop auth login.'
  const key = keySource(place.env)
  return `The service did not accept the API key from ${key.from}. ${key.fix}`
}

function serviceFailure(error: ServiceError, place: FailurePlace | undefined): FailureRecord {
  if (error.kind === 'unauthorized') return { code: 'key-refused', message: keyRefusedMessage(place), exitCode: EXIT.noKey }
  if (error.kind === 'network') return { code: 'unreachable', message: unreachableMessage(place, whyUnreachable(error)), exitCode: EXIT.offline }
  if (error.kind === 'portal') return { code: 'unreachable', message: unreachableMessage(place, PORTAL_WHY), exitCode: EXIT.offline }
  // A stall says how long it waited in all; the address is what to check.
  if (error.kind === 'stalled') return { code: 'unreachable', message: unreachableMessage(place, null, error.message), exitCode: EXIT.offline }
  if (error.kind === 'document-host-missing') {
    return { code: error.kind, message: 'Documents need the document host: set FLIPDROP_DOCUMENT_URL.', exitCode: EXIT.failed }
  }
  return { code: error.kind, message: error.message, exitCode: EXIT.failed }
}

/** A core error's code (also what crossed the hand-off from the app) as the command reports it. */
export function appFailure(code: string, message: string, place: FailurePlace | undefined): FailureRecord {
  switch (code) {
    case 'unauthorized':
      return { code: 'key-refused', message: keyRefusedMessage(place), exitCode: EXIT.noKey }
    case 'signed-out':
      // FLIPDROP_API_KEY is the only key then: none is held because the service refused it (it is nobody's, so nothing was queued).
      if (place?.env['FLIPDROP_API_KEY']?.trim()) return { code: 'key-refused', message: `${keyRefusedMessage(place)} Nothing was queued.`, exitCode: EXIT.noKey }
      return { code: 'no-key', message: 'No API key the service accepts: set FLIPDROP_API_KEY, or run flipdrop auth login. Nothing was queued.', exitCode: EXIT.noKey }
    case 'network':
    case 'stalled':
      return { code: 'unreachable', message: unreachableMessage(place, null, message), exitCode: EXIT.offline }
    case 'portal':
      return { code: 'unreachable', message: unreachableMessage(place, PORTAL_WHY), exitCode: EXIT.offline }
    case 'keychain-locked':
    case 'keychain-unavailable':
    case 'keychain-timeout':
    case 'keychain-failed':
      return { code, message, exitCode: EXIT.noKey }
    default:
      return { code, message, exitCode: EXIT.failed }
  }
}

/**
 * The code, message and exit code for anything a command threw: a missing or refused key (or
 * an --account not signed in) is 3, an --account naming several is 2, a service out of reach (refused, stalled, no such host, TLS, a bad address) is 4,
 * everything else 1. Messages speak to a terminal: they name the variable or command to use.
 */
export function describeFailure(error: unknown, place?: FailurePlace): FailureRecord {
  if (error instanceof CliError) return { code: error.code, message: error.message, exitCode: error.exitCode }
  // --account: a name two accounts share is a usage mistake (their user IDs tell them apart); one not signed in needs a key.
  if (error instanceof AccountChoiceError) {
    return error.reason === 'ambiguous'
      ? { code: 'ambiguous-account', message: error.message, exitCode: EXIT.usage }
      : { code: 'account-not-signed-in', message: error.message, exitCode: EXIT.noKey }
  }
  if (error instanceof ServiceError) return serviceFailure(error, place)
  if (error instanceof AppError) return appFailure(error.code, error.message, place)
  if (error instanceof KeychainError) return { code: error.code, message: error.message, exitCode: EXIT.noKey }
  return { code: 'internal', message: error instanceof Error ? error.message : String(error), exitCode: EXIT.failed }
}
