import type { MirroredJob } from '../../../src-main/shell/queue-mirror'

/** A settled job as the desktop mirrors it: done with its link, or failed with a reason. */
export const mirroredJob = (id: string, state: 'done' | 'failed'): MirroredJob => ({
  id,
  name: id,
  state,
  paused: false,
  waiting: null,
  accountId: null,
  bytesTotal: 10,
  bytesSent: 10,
  url: state === 'done' ? `https://go.fliplink.me/view/${id}` : null,
  failure: state === 'failed' ? `${id} is too large for your plan.` : null
})
