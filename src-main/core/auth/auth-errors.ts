import { AppError } from '../../../src-shared/contract/errors'
import { ServiceError } from '../api/service-error'

/**
 * What sign-in tells the designer when the key could not be checked. The key itself never
 * appears: messages are written here, not taken from the failure.
 */
export function signInFailure(error: unknown): AppError {
  if (error instanceof ServiceError) {
    switch (error.kind) {
      case 'unauthorized':
        return new AppError('unauthorized', 'This API key was not accepted. Check that you copied the whole key.')
      case 'network':
      case 'stalled':
      case 'cancelled':
        // The key never reached the service: the connection is the problem, not the key.
        return new AppError('network', 'FlipDrop can’t reach the service. Check your connection and try again; your key was not checked.')
      case 'portal':
        return new AppError(
          'portal',
          'A sign-in page is in the way (hotel or office Wi-Fi?), so your key was not checked. Sign in to the network in your browser, then try again.'
        )
      case 'rate-limited':
        return new AppError('rate-limited', error.message)
      default:
        return new AppError(
          error.kind === 'document-host-missing' ? 'service' : error.kind,
          `The service answered in a way FlipDrop did not expect, so the key was not saved. ${error.message}`
        )
    }
  }
  return new AppError('internal', 'FlipDrop could not check the key. Please try again.')
}
