import { countText, listText, spokenDesktop, t } from './i18n/desktop-i18n'
import type { MirroredJob, QueueSummary, SettledBatch } from './queue-mirror'

/*
 * What the desktop says outside the window: notifications, the tray's tooltip and menu,
 * the quit question, the failure page. In one place so the words stay consistent; the words
 * themselves are in the desktop catalogs (src-shared/i18n/desktop/desktop), in main's language.
 */

/** A system notification to show, and what clicking it opens. */
export interface Notice {
  title: string
  body: string
  /** The job the window shows when the notification is clicked; null: the window only comes forward. */
  jobId: string | null
  /** The share link a "Copy link" action copies, when there is exactly one. */
  copyLink: string | null
}

const MAX_NAMES = 3

/**
 * Words by name, each read from the catalog when it is read (a getter), so a menu built after
 * a language change has the new words; never captured once at start.
 */
function wordsOf<Name extends string>(keys: Record<Name, string>): Readonly<Record<Name, string>> {
  const words = {} as Record<Name, string>
  for (const [name, key] of Object.entries<string>(keys)) Object.defineProperty(words, name, { get: () => t(key), enumerable: true })
  return words
}

/** "“a”, “b”, and “c”", or "“a”, “b”, “c”, and 2 more" past three names, in the active language. */
export function nameList(names: readonly string[]): string {
  const quoted = names.slice(0, MAX_NAMES).map((name) => t('desktop.list.quoted', { name }))
  const rest = names.length - quoted.length
  return listText(rest > 0 ? [...quoted, t('desktop.list.more', { count: countText(rest) }, rest)] : quoted)
}

/** A linked PDF was saved again and its item now has the new content: "Updated <name> (same link)". */
export function linkUpdatedNotice(update: { name: string; url: string | null }): Notice {
  return { title: t('desktop.notices.linkUpdatedTitle', { name: update.name }), body: t('desktop.notices.linkUpdatedBody'), jobId: null, copyLink: update.url }
}

/** A count's plural message: `{count}` grouped in the active language. */
export function counted(key: string, count: number, named: Record<string, string> = {}): string {
  return t(key, { ...named, count: countText(count) }, count)
}

/** "3 PDFs published", "2 published, 1 failed", or "1 PDF could not be published". */
export function batchNotice(batch: SettledBatch): Notice | null {
  const { published, failed } = batch
  const first = failed[0] ?? published.at(-1)
  if (!first) return null
  const single = published.length === 1 && failed.length === 0 ? published[0] : undefined
  const failedNames = nameList(failed.map((job) => job.name))
  let title: string
  let body: string
  if (failed.length === 0) {
    title = counted('desktop.notices.published', published.length)
    body = single
      ? t('desktop.notices.onlineOne', { name: nameList([single.name]) })
      : counted('desktop.notices.online', published.length, { names: nameList(published.map((job) => job.name)) })
  } else if (published.length === 0) {
    title = counted('desktop.notices.notPublished', failed.length)
    body = failed.length === 1 ? (failureOf(failed[0]) ?? t('desktop.notices.seeWhy')) : t('desktop.notices.namesSeeWhy', { names: failedNames })
  } else {
    title = t('desktop.notices.mixed', { published: countText(published.length), failed: countText(failed.length) })
    body = counted('desktop.notices.namesNotPublishedSeeWhy', failed.length, { names: failedNames })
  }
  return { title, body, jobId: first.id, copyLink: single?.url ?? null }
}

/** Why a job failed, in the desktop's language where the core said it from its catalog. */
function failureOf(job: MirroredJob | undefined): string | null {
  return job?.failure ? spokenDesktop(job.failureSaid, job.failure) : null
}

/** One notification for failures that happened together. */
export function failureNotice(jobs: readonly MirroredJob[]): Notice | null {
  const first = jobs[0]
  if (!first) return null
  if (jobs.length === 1) {
    return { title: t('desktop.notices.nameNotPublished', { name: nameList([first.name]) }), body: failureOf(first) ?? t('desktop.notices.seeWhy'), jobId: first.id, copyLink: null }
  }
  return {
    title: counted('desktop.notices.notPublished', jobs.length),
    body: t('desktop.notices.namesSeeWhy', { names: nameList(jobs.map((job) => job.name)) }),
    jobId: first.id,
    copyLink: null
  }
}

/** The tray icon's hover text: the queue's progress in a few words, one whole sentence per case. */
export function trayTooltip(summary: QueueSummary): string {
  const failed = countText(summary.failed)
  const withFailed = summary.failed > 0
  // Nothing to tell: the app's name alone, the same in every language.
  if (summary.active === 0) return summary.failed > 0 ? t('desktop.tray.idleFailed', { failed }) : 'FlipDrop'
  if (summary.queuePaused) return counted(withFailed ? 'desktop.tray.pausedFailed' : 'desktop.tray.paused', summary.active, { failed })
  const { sent, total } = summary.batch
  if (total === 0) return counted(withFailed ? 'desktop.tray.leftFailed' : 'desktop.tray.left', summary.active, { failed })
  const percent = countText(Math.floor((Math.min(sent, total) / total) * 100))
  return counted(withFailed ? 'desktop.tray.leftSentFailed' : 'desktop.tray.leftSent', summary.active, { failed, percent })
}

/** The tray menu's words. */
export const TRAY_MENU = wordsOf({
  show: 'desktop.tray.show',
  pauseAll: 'desktop.tray.pauseAll',
  resumeAll: 'desktop.tray.resumeAll',
  quit: 'desktop.tray.quit'
})

/** A notification's button that copies the share link. */
export const copyLinkAction = (): string => t('desktop.notices.copyLink')

/** The question asked when quitting would stop running uploads. */
export function quitQuestion(running: number): { message: string; detail: string; buttons: [string, string] } {
  return {
    message: counted('desktop.quit.question', running),
    detail: t('desktop.quit.detail'),
    buttons: [t('desktop.quit.quit'), t('desktop.quit.keepUploading')]
  }
}

/** Electron's RenderProcessGoneDetails reasons, by their catalog keys (written out whole, so the catalog check finds them). */
const PAGE_GONE_REASON_KEYS: Record<string, string> = {
  crashed: 'desktop.failure.reasons.crashed',
  oom: 'desktop.failure.reasons.oom',
  'memory-eviction': 'desktop.failure.reasons.memoryEviction',
  killed: 'desktop.failure.reasons.killed',
  'abnormal-exit': 'desktop.failure.reasons.abnormalExit',
  'launch-failed': 'desktop.failure.reasons.launchFailed',
  'integrity-failure': 'desktop.failure.reasons.integrityFailure',
  hung: 'desktop.failure.reasons.hung'
}

/** Why the window's page went away, for the failure page; an unknown reason reads as an abnormal exit. */
export function pageGoneReason(reason: string): string {
  return t(PAGE_GONE_REASON_KEYS[reason] ?? 'desktop.failure.reasons.abnormalExit')
}

/** The failure page after a crash that reloading did not cure. */
export const PAGE_GONE = wordsOf({
  title: 'desktop.failure.goneTitle',
  advice: 'desktop.failure.goneAdvice',
  tryAgain: 'desktop.failure.tryAgain'
})

/** The Help menu and what its items say. */
export const HELP_MENU = wordsOf({
  help: 'desktop.menu.help',
  showLogs: 'desktop.menu.showLogs',
  copyDiagnostics: 'desktop.menu.copyDiagnostics',
  diagnosticsCopied: 'desktop.dialogs.diagnosticsCopied',
  diagnosticsCopiedDetail: 'desktop.dialogs.diagnosticsCopiedDetail',
  ok: 'desktop.dialogs.ok'
})

/**
 * "Spring catalogue: 12 new leads since yesterday", the others named below; `account` when
 * several accounts are signed in. Clicking brings the window forward (to the library).
 */
export function readersNotice(news: { items: readonly { name: string; leads: number }[] }, account: string | null): Notice | null {
  const [top, ...others] = news.items
  if (!top) return null
  const title = counted('desktop.notices.readersLeads', top.leads, { name: top.name })
  return {
    title: account === null ? title : t('desktop.notices.readersInAccount', { account, title }),
    body: others.length > 0 ? t('desktop.notices.readersLeadsOthers', { names: nameList(others.map((item) => item.name)) }) : t('desktop.notices.readersLeadsOpen'),
    jobId: null,
    copyLink: null
  }
}
