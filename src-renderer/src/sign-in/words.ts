import { DEFAULT_BASE_URL } from '../../../src-shared/domain/settings'
import { groupedCount } from '../format/count'
import { t } from '../i18n/i18n'

/* Every sentence of the first run (sign-in, starting, a start that failed): catalog area `signIn`. */

export const SIGN_IN_WORDS = {
  get heading() { return t('signIn.heading') },
  get lead() { return t('signIn.lead') },
  /** Uploads kept through a sign-out (or a key the service stopped accepting): nothing is lost. */
  waiting: (count: number) => t('signIn.waiting', { count: groupedCount(count) }, count),
  get key() { return t('signIn.key') },
  get keyPlaceholder() { return t('signIn.keyPlaceholder') },
  get keyHint() { return t('signIn.keyHint') },
  get showKey() { return t('signIn.showKey') },
  get help() { return t('signIn.help') },
  /** The service's own site, where the account's API key is (its dashboard). */
  helpUrl: DEFAULT_BASE_URL,
  get sessionOnly() { return t('signIn.sessionOnly') },
  get submit() { return t('signIn.submit') },
  /** Above the button when the service could not be reached: the connection, not the key. */
  get noConnection() { return t('signIn.noConnection') },
  get checking() { return t('signIn.checking') },
  get advanced() { return t('signIn.advanced') },
  get advancedHint() { return t('signIn.advancedHint') },
  get base() { return t('signIn.base') },
  get document() { return t('signIn.document') },
  get documentPlaceholder() { return t('signIn.documentPlaceholder') },

  /** The current account's key was refused while others are still signed in: carry on with one of them. */
  get others() { return t('signIn.others') },
  get othersHint() { return t('signIn.othersHint') },
  useOther: (account: string) => t('signIn.useOther', { account }),

  /** The same form over the app, to add another account beside those signed in. */
  add: {
    get title() { return t('signIn.add.title') },
    get lead() { return t('signIn.add.lead') },
    get submit() { return t('signIn.add.submit') },
    get cancel() { return t('signIn.add.cancel') },
    /** One account's key again: refused by the service, or signed out with uploads waiting for it. */
    againTitle: (name: string) => t('signIn.add.againTitle', { name }),
    againLead: (account: string) => t('signIn.add.againLead', { account }),
    get againSubmit() { return t('signIn.add.againSubmit') }
  }
}

export const STARTUP_WORDS = {
  get failed() { return t('signIn.startup.failed') },
  get nothingLost() { return t('signIn.startup.nothingLost') },
  get retry() { return t('signIn.startup.retry') },
  get retrying() { return t('signIn.startup.retrying') }
}
