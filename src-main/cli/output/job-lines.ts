import type { JobProgress, JobView } from '../../../src-shared/domain/queue'

/** A job in --json output: `{"source","state","itemId","url","message"}` (issue #10). */
export interface JobRecordOut {
  source: string
  state: string
  itemId: number | null
  url: string | null
  message: string | null
}

/** The file name or link the job publishes. */
export function sourceOf(job: JobView): string {
  return job.source.type === 'file' ? job.source.fileName : job.source.url
}

/** What a job's line says after its state: the link, the reason, or the failure. */
export function messageOf(job: JobView): string | null {
  if (job.state === 'done') return job.result?.url ?? null
  if (job.state === 'failed') return job.failure?.message ?? null
  if (job.state === 'waiting') return job.waiting?.message ?? null
  if (job.state === 'cancelled') return job.result ? `It had already reached the service: ${job.result.url}` : 'Cancelled.'
  if (job.paused) return 'Paused.'
  return null
}

export function toRecordOut(job: JobView): JobRecordOut {
  return { source: sourceOf(job), state: job.state, itemId: job.result?.itemId ?? null, url: job.result?.url ?? null, message: messageOf(job) }
}

/** One plain line per state change, for scripts: `done  report.pdf  https://…`. */
export function stateLine(job: JobView): string {
  const message = messageOf(job)
  return [job.state.padEnd(9), sourceOf(job), message ?? ''].join('  ').trimEnd()
}

const UNITS = ['B', 'KB', 'MB', 'GB']

/** 1,234,567 bytes → "1.2 MB". */
export function formatBytes(bytes: number): string {
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024
    unit += 1
  }
  return `${value >= 10 || unit === 0 ? Math.round(value) : value.toFixed(1)} ${UNITS[unit]}`
}

/** "1m 05s", "42s". */
export function formatSeconds(seconds: number): string {
  if (seconds < 60) return `${seconds}s`
  return `${Math.floor(seconds / 60)}m ${String(seconds % 60).padStart(2, '0')}s`
}

/** A progress line for a terminal: name, bar, bytes, speed, time left. */
export function progressLine(job: JobView, progress: JobProgress | null, width: number): string {
  const name = sourceOf(job)
  if (job.state !== 'uploading' || !progress || progress.total === 0) return `${job.state.padEnd(9)}  ${name}`
  const share = progress.sent / progress.total
  const bar = `${'█'.repeat(Math.round(share * 20)).padEnd(20, '░')}`
  const speed = progress.bytesPerSecond ? `${formatBytes(progress.bytesPerSecond)}/s` : ''
  const left = progress.secondsLeft !== null ? `${formatSeconds(progress.secondsLeft)} left` : ''
  const stats = [`${Math.floor(share * 100)}%`, `${formatBytes(progress.sent)} of ${formatBytes(progress.total)}`, speed, left].filter(Boolean).join('  ')
  const room = Math.max(10, width - stats.length - bar.length - 16)
  const shortName = name.length > room ? `${name.slice(0, room - 1)}…` : name
  return `uploading  ${shortName}  ${bar}  ${stats}`
}
