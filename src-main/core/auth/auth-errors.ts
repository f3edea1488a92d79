import { AppError } from '../../../src-shared/contract/errors'
import { ServiceError } from '../api/service-error'
import { sentence } from '../i18n/sentence'

/**
 * What sign-in tells the designer when the key could not be checked. The key itself never
 * appears: messages are written here, not taken from the failure.
 */
export function signInFailure(error: unknown): AppError {
  if (error instanceof ServiceError) {
    switch (error.kind) {
      case 'unauthorized':
        return new AppError('unauthorized', sentence('coreAccount.signIn.unauthorized'))
      case 'network':
      case 'stalled':
      case 'cancelled':
        // The key never reached the service: the connection is the problem, not the key.
        return new AppError('network', sentence('coreAccount.signIn.network'))
      case 'portal':
        return new AppError('portal', sentence('coreAccount.signIn.portal'))
      case 'rate-limited':
        return new AppError('rate-limited', error.sentence)
      default:
        // The service's failure is said after ours, as the core wrote it (English).
        return new AppError(
          error.kind === 'document-host-missing' ? 'service' : error.kind,
          sentence('coreAccount.signIn.unexpected', { reason: error.message })
        )
    }
  }
  return new AppError('internal', sentence('coreAccount.signIn.internal'))
}
