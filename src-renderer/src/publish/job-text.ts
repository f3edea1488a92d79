import type { JobProgress, JobView } from '../../../src-shared/domain/queue'
import { formatBytes, formatSpeed } from '../format/bytes'
import { formatDuration } from '../format/duration'

/** The state a designer reads on a job's badge. */
export function stateLabel(job: JobView): string {
  if (job.paused && job.state !== 'done' && job.state !== 'failed' && job.state !== 'cancelled') return 'Paused'
  switch (job.state) {
    case 'queued':
      return 'Queued'
    case 'waiting':
      return job.waiting?.reason === 'offline' ? 'Offline' : job.waiting?.reason === 'rate-limited' ? 'Slowed down' : 'Waiting'
    case 'uploading':
      return 'Uploading'
    case 'verifying':
      return 'Checking'
    case 'done':
      return job.kind === 'replace' ? 'Replaced' : 'Published'
    case 'failed':
      return 'Failed'
    case 'cancelled':
      return 'Cancelled'
  }
}

/** The badge's colour family. */
export function stateTone(job: JobView): 'neutral' | 'active' | 'good' | 'bad' | 'muted' {
  if (job.state === 'done') return 'good'
  if (job.state === 'failed') return 'bad'
  if (job.state === 'cancelled' || job.paused) return 'muted'
  if (job.state === 'uploading' || job.state === 'verifying') return 'active'
  return 'neutral'
}

/** "2.1 MB of 5.0 MB · 1.2 MB/s · 4 s left" (speed and time once measured). */
export function progressText(progress: JobProgress): string {
  const parts = [`${formatBytes(progress.sent)} of ${formatBytes(progress.total)}`]
  if (progress.bytesPerSecond !== null && progress.bytesPerSecond > 0) parts.push(formatSpeed(progress.bytesPerSecond))
  if (progress.secondsLeft !== null) parts.push(`${formatDuration(progress.secondsLeft)} left`)
  return parts.join(' · ')
}

/** The line under a job's name when it is not sending: why it waits, how it ended. */
export function jobMessage(job: JobView): string {
  if (job.state === 'failed') return job.failure?.message ?? 'The upload failed.'
  if (job.state === 'cancelled') return 'Cancelled.'
  if (job.paused) return job.state === 'queued' ? 'Paused: it starts when you resume it (its name and title can still change).' : 'Paused.'
  if (job.state === 'waiting') return job.waiting?.message ?? 'Waiting.'
  if (job.state === 'queued') return 'Waiting for its turn.'
  if (job.state === 'verifying') return 'Sent; checking that the service made it…'
  return ''
}

/** What the job publishes: a file's name and size, or the link's host. */
export function sourceLabel(job: JobView): string {
  if (job.source.type === 'file') return `${job.source.fileName} · ${formatBytes(job.source.size)}`
  return job.source.url
}

/** Whether the name and title can still change (main refuses once the upload has started). */
export function canRename(job: JobView): boolean {
  return job.kind === 'create' && (job.state === 'queued' || job.state === 'waiting') && job.result === null
}

/** The embed code of a published item: its EmbedURL in an iframe, escaped for an attribute. */
export function embedCode(embedUrl: string): string {
  const src = embedUrl.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
  return `<iframe src="${src}" width="100%" height="600" style="border:0" allowfullscreen></iframe>`
}
