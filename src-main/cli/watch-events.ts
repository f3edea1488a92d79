import { contract } from '../../src-shared/contract'
import type { LinkUpdated } from '../../src-shared/domain/links'
import { FINISHED_STATES, type QueueChange } from '../../src-shared/domain/queue'
import type { CliContext } from './cli-context'
import { toRecordOut } from './output/job-lines'
import { printable } from './output/sanitize'

/**
 * `watch --json`: one JSON object per line as things happen (`{"event":"link-updated",…}`,
 * `{"event":"job",…}` with the job's record when it finishes), so a script can read them
 * while the watcher runs. In text, only link updates are said, as before.
 */
export function watchEvents(ctx: CliContext): { onEvent(channel: string, payload: unknown): void; readonly updated: number } {
  let updated = 0
  const finished = new Set<string>()
  return {
    get updated() {
      return updated
    },
    onEvent(channel, payload) {
      if (channel === contract.links.updated.channel) {
        const update = payload as LinkUpdated
        updated += 1
        ctx.result({ event: 'link-updated', ...update }, () => `Updated ${printable(update.name)} (same link)${update.url ? ` ${update.url}` : ''}`)
        return
      }
      if (!ctx.json || channel !== contract.uploads.changed.channel) return
      for (const job of (payload as QueueChange).jobs) {
        // Each job once per finish: a retried job that finishes again is told again.
        if (!FINISHED_STATES.includes(job.state)) finished.delete(job.id)
        else if (!finished.has(job.id)) {
          finished.add(job.id)
          ctx.result({ event: 'job', ...toRecordOut(job, null) }, () => '')
        }
      }
    }
  }
}
