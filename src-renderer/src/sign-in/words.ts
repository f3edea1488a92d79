import { DEFAULT_BASE_URL } from '../../../src-shared/domain/settings'
import { countOf, NOUNS } from '../words/plural'

/* Every sentence of the first run (sign-in, starting, a start that failed), in one place. */

export const SIGN_IN_WORDS = {
  heading: 'Sign in to FlipDrop',
  lead: 'Drop in your PDFs and they become flipbooks, with links that stay the same when you update them.',
  /** Uploads kept through a sign-out (or a key the service stopped accepting): nothing is lost. */
  waiting: (count: number) =>
    `${countOf(count, NOUNS.upload)} ${count === 1 ? 'waits' : 'wait'} in the queue. ${count === 1 ? 'It continues' : 'They continue'} once you sign in.`,
  key: 'API key',
  keyPlaceholder: 'Paste your API key',
  keyHint: 'FlipDrop checks it with the service, then keeps it in your system keychain, never in a file.',
  showKey: 'Show key',
  help: 'Where do I find my API key?',
  /** The service's own site, where the account's API key is (its dashboard). */
  helpUrl: DEFAULT_BASE_URL,
  sessionOnly: 'Keep the key for this session only',
  submit: 'Sign in',
  /** Above the button when the service could not be reached: the connection, not the key. */
  noConnection: 'No connection to the service',
  checking: 'Checking the key…',
  advanced: 'Service addresses',
  advancedHint: 'Only if your flipbook provider gave you other addresses.',
  base: 'Flipbook service address',
  document: 'Document service address',
  documentPlaceholder: 'Needed to publish Documents',

  /** The current account's key was refused while others are still signed in: carry on with one of them. */
  others: 'Or carry on with another account',
  othersHint: 'This account’s uploads wait until you sign in to it again; the other account’s carry on.',
  useOther: (label: string) => `Use ${label}`,

  /** The same form over the app, to add another account beside those signed in. */
  add: {
    title: 'Add an account',
    lead: 'Sign in with the API key of another account. The accounts signed in now stay signed in: switch between them from the account menu.',
    submit: 'Add account',
    cancel: 'Cancel',
    /** One account's key again: refused by the service, or signed out with uploads waiting for it. */
    againTitle: (name: string) => `Sign in again to ${name}`,
    againLead: (label: string) => `Paste the API key of ${label}. Its waiting uploads continue once it is accepted; your other accounts stay signed in.`,
    againSubmit: 'Sign in'
  }
} as const

export const STARTUP_WORDS = {
  failed: 'FlipDrop could not start',
  nothingLost: 'Nothing waiting to upload was lost. Fix what the message says, then try again.',
  retry: 'Try again',
  retrying: 'Starting…'
} as const
