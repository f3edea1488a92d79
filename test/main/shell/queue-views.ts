import type { JobProgressEvent, JobState, JobView, QueueChange, QueueView } from '../../../src-shared/domain/queue'

/**
 * Queue views and events as the core sends them, for the desktop's tests: a file job of
 * `size` bytes in a state, with progress and results where that state has them.
 */
export function fileJob(id: string, state: JobState, options: { size?: number; sent?: number; paused?: boolean; name?: string } = {}): JobView {
  const size = options.size ?? 1000
  const name = options.name ?? id
  return {
    id,
    kind: 'create',
    source: { type: 'file', fileName: `${name}.pdf`, size, pages: null },
    docType: 'Flipbook',
    name,
    title: name,
    targetItemId: null,
    state,
    paused: options.paused ?? false,
    waiting: state === 'waiting' ? { reason: 'offline', message: 'Waiting for the network.', until: null } : null,
    progress:
      state === 'uploading' ? { sent: options.sent ?? 0, total: size, bytesPerSecond: null, secondsLeft: null } : null,
    result: state === 'done' ? { itemId: 7, url: `https://go.fliplink.me/view/${id}`, embedUrl: null, pages: 3 } : null,
    failure: state === 'failed' ? { message: `${name} is not a PDF the service accepts.`, retryable: false, code: 'not-pdf' } : null,
    accountId: 'user-1',
    host: 'base',
    history: [],
    addedAt: '2026-01-01T00:00:00.000Z'
  }
}

export function urlJob(id: string, state: JobState): JobView {
  return { ...fileJob(id, state, { size: 0 }), source: { type: 'url', url: `https://example.com/${id}.pdf` }, progress: null }
}

export function queueView(jobs: JobView[], paused = false): QueueView {
  return {
    jobs,
    paused,
    connectivity: { online: true, problem: null, retryAt: null, rateLimitedUntil: null, signedIn: true, nextCheckAt: null },
    limits: { maxFileSizeBytes: null, quotas: {}, learnedAt: null },
    notices: []
  }
}

export function change(jobs: JobView[], options: { removed?: string[]; paused?: boolean } = {}): QueueChange {
  return { jobs, removed: options.removed ?? [], order: null, paused: options.paused ?? false }
}

export function progress(jobId: string, sent: number, total = 1000): JobProgressEvent {
  return { jobId, sent, total, bytesPerSecond: 1000, secondsLeft: 1 }
}
