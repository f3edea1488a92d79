import type { AppInfo } from '../../../src-shared/domain/app-info'
import type { QueueView } from '../../../src-shared/domain/queue'
import { JOB_STATES } from '../../../src-shared/domain/queue'
import type { SettingsView } from '../../../src-shared/domain/settings'
import { redactingReplacer, redactText } from './redact'

/** How many of the log's last lines "Copy diagnostics" includes. */
export const DIAGNOSTIC_LOG_LINES = 200

export interface DiagnosticsInput {
  app: AppInfo
  os: { platform: string; release: string; arch: string }
  /** Null when the core has not started (its start-up failure is in the log lines). */
  settings: SettingsView | null
  queue: QueueView | null
  logLines: readonly string[]
  /** The key in use and any other value to leave out. */
  secrets: readonly string[]
}

/** "12 jobs: 2 uploading, 9 done, 1 failed; paused; online" — counts only, never names or paths. */
export function queueSummary(queue: QueueView | null): string {
  if (!queue) return 'not started'
  const counts = JOB_STATES.map((state) => [state, queue.jobs.filter((job) => job.state === state).length] as const).filter(([, count]) => count > 0)
  const parts = counts.map(([state, count]) => `${count} ${state}`).join(', ')
  const network = queue.connectivity.online ? 'online' : 'offline'
  const problem = queue.connectivity.problem ? ` (${queue.connectivity.problem})` : ''
  return `${queue.jobs.length} jobs${parts ? `: ${parts}` : ''}${queue.paused ? '; paused' : ''}; ${network}${problem}`
}

/**
 * The text "Copy diagnostics" puts on the clipboard, for a message to support: versions,
 * settings, the queue in counts and the log's end. Built from redacted parts, then redacted
 * again as a whole: nothing in it may carry a key, password or credential.
 */
export function diagnosticsText(input: DiagnosticsInput): string {
  const { app, os } = input
  const settings = input.settings ? JSON.stringify(input.settings, redactingReplacer, 2) : 'not started'
  const text = [
    `${app.name} ${app.version}`,
    `Electron ${app.versions.electron || '-'} · Chrome ${app.versions.chrome || '-'} · Node ${app.versions.node}`,
    `OS: ${os.platform} ${os.release} (${os.arch})`,
    '',
    'Settings:',
    settings,
    '',
    `Queue: ${queueSummary(input.queue)}`,
    '',
    `Log (last ${DIAGNOSTIC_LOG_LINES} lines):`,
    ...input.logLines.slice(-DIAGNOSTIC_LOG_LINES)
  ].join('\n')
  return redactText(text, input.secrets)
}
