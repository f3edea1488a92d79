import type { LinkUpdated } from '../../../src-shared/domain/links'
import { contract } from '../../../src-shared/contract'
import type { Command } from '../command'
import { EXIT } from '../exit-codes'
import { openWatchSession } from '../links-session'
import { unwrap } from '../queue-session'
import { describeLinks } from './links'

/** `flipdrop watch`: watches links and hot folders and runs the queue until Ctrl+C, when the app does not. */
export const watch: Command = {
  name: 'watch',
  summary: 'Watch linked files and hot folders and publish their changes until stopped (when the app is not running).',
  usage: 'watch [--json]',
  options: {},
  positionals: [0, 0],
  async run(_values, _positionals, ctx) {
    const updated: LinkUpdated[] = []
    await ctx.services()
    const session = await openWatchSession(ctx, (channel, payload) => {
      if (channel !== contract.links.updated.channel) return
      const update = payload as LinkUpdated
      updated.push(update)
      ctx.say(`Updated ${update.name} (same link)${update.url ? ` ${update.url}` : ''}`)
    })
    if ('heldBy' in session) {
      ctx.warn(`The FlipDrop ${session.heldBy.role} (process ${session.heldBy.pid}) already watches this data folder; only one watcher runs at a time.`)
      return EXIT.failed
    }
    try {
      const view = await unwrap(session.links.list())
      ctx.say(`${describeLinks(view)}\nWatching ${view.links.length} linked files and ${view.folders.length} hot folders. Ctrl+C stops.`)
      // Sockets and watchers may all be unreferenced: this timer keeps the process up until Ctrl+C.
      const alive = setInterval(() => {}, 60_000)
      if (!ctx.signal.aborted) await new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve(), { once: true }))
      clearInterval(alive)
    } finally {
      await session.close()
    }
    ctx.result({ updated }, () => '')
    return EXIT.ok
  }
}
