import { accountLabel, accountShortName, type AccountEntry } from '../../src-shared/domain/auth'
import { batchNotice, counted, failureNotice, nameList, type Notice } from './desktop-wording'
import { countText, listText, t } from './i18n/desktop-i18n'
import type { MirroredJob, QueueTransitions, SettledBatch } from './queue-mirror'

/** Failures this close together are told in one notification. */
export const FAILURE_COALESCE_MS = 2_000

export interface NoticePlannerDeps {
  /** Shows a notification (the shell decides whether it may: setting, focus, OS support). */
  show(notice: Notice): void
  setTimer(callback: () => void, ms: number): () => void
  /**
   * The name of the account a job publishes to, as a notice says it ("Northwind"); null when
   * only one account is signed in (there is nothing to tell apart) or the job's account is not
   * known. See `accountNoticeName`. Without it, notices name no account.
   */
  accountOf?(jobId: string): string | null
}

/**
 * How notifications and the tray name an account: null while fewer than two accounts are
 * signed in (one account needs no name); else its brand (else name, else e-mail), or
 * "Northwind (dana@…)" when another signed-in account goes by the same short name (two
 * logins of one white-label brand). Electron-free, for `accountOf` and the tray.
 */
export function accountNoticeName(accounts: readonly AccountEntry[], accountId: string | null): string | null {
  const signedIn = accounts.filter((entry) => entry.signedIn)
  if (signedIn.length < 2 || accountId === null) return null
  const entry = accounts.find((candidate) => candidate.userId === accountId)
  if (!entry) return null
  const short = accountShortName(entry)
  const shared = signedIn.some((other) => other.userId !== entry.userId && accountShortName(other) === short)
  return short === null || shared ? accountLabel(entry) : short
}

/** The words of a notice that names its account. Kept beside desktop-wording's, in the same voice. */
export const ACCOUNT_NOTICE = {
  /** Every PDF of the notice went to one account. */
  published: (account: string, jobs: readonly MirroredJob[]) =>
    jobs.length === 1
      ? t('desktop.notices.toAccountOne', { account, name: nameList(jobs.map((job) => job.name)) })
      : counted('desktop.notices.toAccount', jobs.length, { account }),
  failed: (account: string, jobs: readonly MirroredJob[]) =>
    jobs.length === 1
      ? t('desktop.notices.nameNotPublishedToAccount', { account, name: nameList(jobs.map((job) => job.name)) })
      : counted('desktop.notices.notPublishedToAccount', jobs.length, { account }),
  mixed: (account: string, published: number, failed: number) =>
    t('desktop.notices.mixedToAccount', { account, published: countText(published), failed: countText(failed) }),
  /** The PDFs went to several accounts: the body says which. */
  several: (accounts: readonly string[]) => t('desktop.notices.accounts', { accounts: listText(accounts) })
}

/**
 * A notice about these jobs, naming their account when more than one is signed in: all of one
 * account, in the title ("Published to Northwind: “brochure”"); of several, in a line of the body.
 */
export function withAccounts(notice: Notice, batch: SettledBatch, accountOf: (jobId: string) => string | null): Notice {
  const jobs = [...batch.published, ...batch.failed]
  const names = jobs.map((job) => accountOf(job.id))
  const distinct = [...new Set(names.filter((name): name is string => name !== null))]
  const [only] = distinct
  if (only === undefined) return notice
  if (distinct.length === 1 && names.every((name) => name === only)) {
    const { published, failed } = batch
    let title: string
    if (failed.length === 0) title = ACCOUNT_NOTICE.published(only, published)
    else if (published.length === 0) title = ACCOUNT_NOTICE.failed(only, failed)
    else title = ACCOUNT_NOTICE.mixed(only, published.length, failed.length)
    return { ...notice, title }
  }
  return { ...notice, body: `${notice.body} ${ACCOUNT_NOTICE.several(distinct)}` }
}

/**
 * Decides which notifications the queue's transitions are worth, without spamming:
 * failures are gathered for a moment and told together, and when a batch ends the
 * summary ("2 published, 1 failed") replaces any failure notice still waiting. With
 * several accounts signed in, each notice names the account its PDFs went to.
 * Electron-free.
 */
export class NoticePlanner {
  private pending: MirroredJob[] = []
  private cancelTimer: (() => void) | null = null

  constructor(private readonly deps: NoticePlannerDeps) {}

  take(transitions: QueueTransitions): void {
    if (transitions.settled) {
      this.dropPending()
      const notice = batchNotice(transitions.settled)
      if (notice) this.deps.show(this.named(notice, transitions.settled))
      return
    }
    if (transitions.failed.length === 0) return
    this.pending.push(...transitions.failed)
    this.cancelTimer ??= this.deps.setTimer(() => this.flush(), FAILURE_COALESCE_MS)
  }

  /** Stops waiting (the app quits). */
  dispose(): void {
    this.dropPending()
  }

  private flush(): void {
    this.cancelTimer = null
    const failed = this.pending
    const notice = failureNotice(failed)
    this.pending = []
    if (notice) this.deps.show(this.named(notice, { published: [], failed }))
  }

  /** The notice with its account named, when the shell can tell accounts apart; a failing lookup names none. */
  private named(notice: Notice, batch: SettledBatch): Notice {
    const accountOf = this.deps.accountOf
    if (!accountOf) return notice
    try {
      return withAccounts(notice, batch, (jobId) => accountOf(jobId))
    } catch {
      return notice
    }
  }

  private dropPending(): void {
    this.cancelTimer?.()
    this.cancelTimer = null
    this.pending = []
  }
}
