import { AppError, type BridgeError } from '../../../src-shared/contract/errors'
import { ServiceError } from '../api/service-error'
import { KeychainError } from '../secrets/keychain-error'

/**
 * The deliberate failures of the core, as bridge errors: their code and their message,
 * already written for a designer. Anything else is not deliberate and returns null.
 */
export function toBridgeError(error: unknown): BridgeError | null {
  if (error instanceof AppError) return { code: error.code, message: error.message, ...(error.said ? { said: error.said } : {}) }
  if (error instanceof ServiceError) return { code: error.kind, message: error.message, ...(error.said ? { said: error.said } : {}) }
  if (error instanceof KeychainError) return { code: error.code, message: error.message, ...(error.said ? { said: error.said } : {}) }
  return null
}
