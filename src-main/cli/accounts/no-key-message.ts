import type { AuthProblem } from '../../../src-shared/domain/auth'

export const NO_KEY_MESSAGE =
  'No API key: set FLIPDROP_API_KEY, or run flipdrop auth login (it keeps the key in your keychain, where the FlipDrop app keeps it).'

/** Why there is no key, said for a terminal (the app's sign-in hints do not apply here). */
export function noKeyMessage(problem: AuthProblem | null): string {
  switch (problem?.code) {
    case 'keychain-unavailable':
      return 'No API key: set FLIPDROP_API_KEY (this computer has no keychain to read the app\'s key from).'
    case 'keychain-locked':
      return "No API key: your keychain is locked, so the app's key cannot be read. Unlock it, or set FLIPDROP_API_KEY."
    case 'keychain-timeout':
      return 'No API key: the keychain did not answer in time. Try again, or set FLIPDROP_API_KEY.'
    case 'keychain-failed':
      return 'No API key: the keychain could not be read. Try again, or set FLIPDROP_API_KEY.'
    default:
      return NO_KEY_MESSAGE
  }
}
