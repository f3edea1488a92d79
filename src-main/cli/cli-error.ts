import { AppError } from '../../src-shared/contract/errors'
import { ServiceError } from '../core/api/service-error'
import { KeychainError } from '../core/secrets/keychain-error'
import { EXIT, type ExitCode } from './exit-codes'

/** A failure the command reports as one sentence and an exit code. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode
  ) {
    super(message)
    this.name = 'CliError'
  }
}

/**
 * The message and exit code for anything a command threw: a refused key is 3, a service
 * out of reach (nothing left this machine) is 4, everything else 1. The messages are the
 * ones the app shows.
 */
export function describeFailure(error: unknown): { message: string; exitCode: ExitCode } {
  if (error instanceof CliError) return { message: error.message, exitCode: error.exitCode }
  if (error instanceof ServiceError) {
    if (error.kind === 'unauthorized') return { message: error.message, exitCode: EXIT.noKey }
    if (error.kind === 'network' && error.delivery === 'not-sent') return { message: error.message, exitCode: EXIT.offline }
    return { message: error.message, exitCode: EXIT.failed }
  }
  if (error instanceof AppError) {
    return { message: error.message, exitCode: error.code === 'signed-out' || error.code === 'unauthorized' ? EXIT.noKey : EXIT.failed }
  }
  if (error instanceof KeychainError) return { message: error.message, exitCode: EXIT.noKey }
  return { message: error instanceof Error ? error.message : String(error), exitCode: EXIT.failed }
}
