import type { MirroredJob, QueueSummary, SettledBatch } from './queue-mirror'

/*
 * What the desktop says outside the window: notifications, the tray's tooltip and menu,
 * the quit question. In one place so the words stay consistent.
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

const plural = (count: number, one: string, many: string): string => `${count} ${count === 1 ? one : many}`

/** "a, b and c", or "a, b, c and 2 more" past three names. */
export function nameList(names: readonly string[]): string {
  const quoted = names.slice(0, MAX_NAMES).map((name) => `“${name}”`)
  const rest = names.length - quoted.length
  if (rest > 0) return `${quoted.join(', ')} and ${rest} more`
  if (quoted.length <= 1) return quoted.join('')
  return `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1) ?? ''}`
}

/** A linked PDF was saved again and its item now has the new content: "Updated <name> (same link)". */
export function linkUpdatedNotice(update: { name: string; url: string | null }): Notice {
  return { title: `Updated ${update.name} (same link)`, body: 'The file was saved again; its flipbook now shows the new version.', jobId: null, copyLink: update.url }
}

/** "3 PDFs published", "2 published, 1 failed", or "1 PDF could not be published". */
export function batchNotice(batch: SettledBatch): Notice | null {
  const { published, failed } = batch
  const first = failed[0] ?? published.at(-1)
  if (!first) return null
  const single = published.length === 1 && failed.length === 0 ? published[0] : undefined
  let title: string
  let body: string
  if (failed.length === 0) {
    title = `${plural(published.length, 'PDF', 'PDFs')} published`
    body = single ? `${nameList([single.name])} is online. Click to see it in FlipDrop.` : `${nameList(published.map((job) => job.name))} are online.`
  } else if (published.length === 0) {
    title = `${plural(failed.length, 'PDF', 'PDFs')} could not be published`
    body = failed.length === 1 ? (failed[0]?.failure ?? 'Click to see why.') : `${nameList(failed.map((job) => job.name))}. Click to see why.`
  } else {
    title = `${published.length} published, ${failed.length} failed`
    body = `${nameList(failed.map((job) => job.name))} could not be published. Click to see why.`
  }
  return { title, body, jobId: first.id, copyLink: single?.url ?? null }
}

/** One notification for failures that happened together. */
export function failureNotice(jobs: readonly MirroredJob[]): Notice | null {
  const first = jobs[0]
  if (!first) return null
  if (jobs.length === 1) {
    return { title: `${nameList([first.name])} could not be published`, body: first.failure ?? 'Click to see why.', jobId: first.id, copyLink: null }
  }
  return {
    title: `${plural(jobs.length, 'PDF', 'PDFs')} could not be published`,
    body: `${nameList(jobs.map((job) => job.name))}. Click to see why.`,
    jobId: first.id,
    copyLink: null
  }
}

/** The tray icon's hover text: the queue's progress in a few words. */
export function trayTooltip(summary: QueueSummary): string {
  const failed = summary.failed > 0 ? `, ${summary.failed} failed` : ''
  if (summary.active === 0) return `FlipDrop${failed ? `: nothing to upload${failed}` : ''}`
  const uploads = plural(summary.active, 'upload', 'uploads')
  if (summary.queuePaused) return `FlipDrop: paused, ${uploads} waiting${failed}`
  const { sent, total } = summary.batch
  const percent = total > 0 ? `, ${Math.floor((Math.min(sent, total) / total) * 100)} % sent` : ''
  return `FlipDrop: ${uploads} left${percent}${failed}`
}

export const TRAY_MENU = {
  show: 'Show FlipDrop',
  pauseAll: 'Pause all',
  resumeAll: 'Resume all',
  quit: 'Quit'
} as const

export const COPY_LINK_ACTION = 'Copy link'

/** The question asked when quitting would stop running uploads. */
export function quitQuestion(running: number): { message: string; detail: string; buttons: [string, string] } {
  return {
    message: `${running === 1 ? '1 upload is' : `${running} uploads are`} running. Quit anyway?`,
    detail: 'They continue the next time you open FlipDrop.',
    buttons: ['Quit', 'Keep uploading']
  }
}

/** Why the window's page went away (Electron's RenderProcessGoneDetails reasons), for the failure page. */
export const PAGE_GONE_REASONS: Record<string, string> = {
  crashed: 'The window stopped working (it crashed).',
  oom: 'The window ran out of memory.',
  'memory-eviction': 'The system stopped the window to free memory.',
  killed: 'The window was stopped.',
  'abnormal-exit': 'The window stopped working.',
  'launch-failed': 'The window could not start.',
  'integrity-failure': 'The system refused to run the window: FlipDrop’s files may be damaged. Reinstall FlipDrop.',
  hung: 'The window stopped responding.'
}

/** The failure page after a crash that reloading did not cure. */
export const PAGE_GONE = {
  title: 'FlipDrop’s window stopped working',
  advice: 'Your uploads keep running and nothing was lost. If this keeps happening, quit FlipDrop and start it again.',
  tryAgain: 'Try again'
}

/** The Help menu. */
/** The File menu's own title (its items are the Publish view's buttons, MENU_COMMAND_LABELS). */
export const FILE_MENU = { file: 'File' }

export const HELP_MENU = {
  help: 'Help',
  showLogs: 'Show logs',
  copyDiagnostics: 'Copy diagnostics',
  diagnosticsCopied: 'Diagnostics copied',
  diagnosticsCopiedDetail: 'Paste them into your message to support. Keys and passwords are left out.'
}
