/**
 * How long the service client waits for answers. Each is a setting of the client with a
 * production default; FLIPDROP_TIMEOUT_SCALE multiplies them all (a very slow link, or tests
 * that run a 20–40 s service at a tenth of the time).
 */
export interface ClientTimeouts {
  /** A read's answer, and any pause inside its body. Generous: a slow service is waited for. */
  requestMs: number
  /** A create or replace by URL: the service's own 60 s source download plus a margin. */
  createByUrlMs: number
  /** An upload's answer once its last byte is sent: the service's own 60 s plus a margin, before the size's share. */
  uploadAnswerMs: number
  /** Added to `uploadAnswerMs` per MB uploaded: a big file takes the service longer to store and render. */
  uploadAnswerPerMbMs: number
  /** An upload that moves no bytes for this long is stalled (a connection that takes nothing). */
  stallMs: number
}

export const DEFAULT_CLIENT_TIMEOUTS: ClientTimeouts = {
  requestMs: 60_000,
  createByUrlMs: 120_000,
  uploadAnswerMs: 120_000,
  uploadAnswerPerMbMs: 1_000,
  stallMs: 30_000
}

/** Every timeout times `scale` (1 when absent). */
export function scaleTimeouts(timeouts: ClientTimeouts, scale: number | undefined): ClientTimeouts {
  if (scale === undefined || scale === 1) return timeouts
  const times = (ms: number): number => Math.max(1, Math.round(ms * scale))
  return {
    requestMs: times(timeouts.requestMs),
    createByUrlMs: times(timeouts.createByUrlMs),
    uploadAnswerMs: times(timeouts.uploadAnswerMs),
    uploadAnswerPerMbMs: times(timeouts.uploadAnswerPerMbMs),
    stallMs: times(timeouts.stallMs)
  }
}

/** How long an upload of `bytes` may wait for its answer once sent. */
export function uploadAnswerTimeout(timeouts: Pick<ClientTimeouts, 'uploadAnswerMs' | 'uploadAnswerPerMbMs'>, bytes: number): number {
  return timeouts.uploadAnswerMs + Math.ceil(bytes / (1024 * 1024)) * timeouts.uploadAnswerPerMbMs
}

/** FLIPDROP_TIMEOUT_SCALE as a positive number, or undefined (absent or not a number above 0). */
export function timeoutScaleOf(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined
  const scale = Number(value)
  return Number.isFinite(scale) && scale > 0 ? scale : undefined
}
