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
        return new AppError(
          'network',
          'The service could not be reached. Check your connection and the service address; nothing was saved.'
        )
      case 'portal':
        return new AppError(
          'portal',
          'A sign-in page is in the way (hotel or office Wi-Fi?), so the key could not be checked. Sign in to the network in your browser, then try again; nothing was saved.'
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
