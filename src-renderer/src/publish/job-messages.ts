import type { JobView } from '../../../src-shared/domain/queue'
import { intlLocale, t } from '../i18n/i18n'
import { spoken } from '../i18n/spoken'

/*
 * A job's failure and waiting lines arrive from the core in English (the command line prints
 * the same sentences), with what the core said beside them. Where the job's code and record
 * carry all a sentence needs, the window says it from its own catalog; otherwise it says the
 * core's sentence in its language (spoken(): the English when the core did not say which).
 */

/** Failure codes whose sentence the window can say itself: the code alone decides it (plus the file's name). */
const FAILURE_KEYS: Partial<Record<NonNullable<JobView['failure']>['code'], string>> = {
  'not-pdf': 'publish.failure.notPdf',
  'item-gone': 'publish.failure.itemGone',
  'document-host-missing': 'publish.failure.documentHostMissing'
}

/** The plan full, by kind. */
const QUOTA_KEYS = { Flipbook: 'publish.failure.quotaFlipbook', Document: 'publish.failure.quotaDocument' } as const

/** Why a failed job failed, in the window's language where its code says it all. */
export function failureMessage(job: JobView): string | null {
  const failure = job.failure
  if (!failure) return null
  if (failure.code === 'file-missing' && job.source.type === 'file') return t('publish.failure.fileMissing', { file: job.source.fileName })
  // The core's sentence also names the plan's size; the window's says what to do, by kind.
  if (failure.code === 'quota') return t(QUOTA_KEYS[job.docType])
  const key = FAILURE_KEYS[failure.code]
  return key === undefined ? spoken(failure.said, failure.message) : t(key)
}

/** Why a job waits, in the window's language where its reason and record say it all. */
export function waitingMessage(job: JobView): string | null {
  const waiting = job.waiting
  if (!waiting) return null
  const account = waiting.account
  // The core's sentence, in the window's language when it said which (spoken.ts).
  const said = spoken(waiting.said, waiting.message)
  switch (waiting.reason) {
    case 'identifying':
      return t('publish.waiting.identifying')
    case 'unbound':
      return t('publish.chooseAccount.question')
    case 'key-refused':
      return account === undefined ? said : t('publish.waiting.keyRefused', { account })
    case 'signed-out':
      return account === undefined ? said : t('publish.waiting.signedOut', { account })
    case 'other-account':
      return account === undefined ? said : t('publish.waiting.otherAccount', { account })
    case 'rate-limited':
      return waiting.until === null ? said : t('publish.waiting.rateLimited', { time: timeOf(waiting.until) })
    default:
      return said
  }
}

/** A moment later today, as the clock shows it ("14:06"). */
function timeOf(iso: string): string {
  return new Intl.DateTimeFormat(intlLocale(), { timeStyle: 'short' }).format(new Date(iso))
}
