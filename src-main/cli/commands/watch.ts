import { workAccountId } from '../accounts/work-account'
import type { Command } from '../command'
import { EXIT } from '../exit-codes'
import { openWatchSession } from '../links-session'
import { unwrap } from '../queue-session'
import { watchEvents } from '../watch-events'
import { describeLinks } from './links'

/** `flipdrop watch`: watches links and hot folders and runs the queue until Ctrl+C, when the app does not. */
export const watch: Command = {
  async run(_values, _positionals, ctx) {
    await ctx.services()
    // --json: one JSON event per line as it happens (watch-events.ts).
    const events = watchEvents(ctx)
    const session = await openWatchSession(ctx, (channel, payload) => events.onEvent(channel, payload), await workAccountId(ctx))
    if ('heldBy' in session) {
      ctx.warn(`The FlipDrop ${session.heldBy.role} (process ${session.heldBy.pid}) already watches this data folder; only one watcher runs at a time.`)
      return EXIT.failed
    }
    try {
      const view = await unwrap(session.links.list())
      if (ctx.json) ctx.result({ event: 'watching', links: view.links.length, folders: view.folders.length }, () => '')
      else ctx.say(`${describeLinks(view)}\nWatching ${view.links.length} linked files and ${view.folders.length} hot folders. Ctrl+C stops.`)
      // Sockets and watchers may all be unreferenced: this timer keeps the process up until Ctrl+C.
      const alive = setInterval(() => {}, 60_000)
      if (!ctx.signal.aborted) await new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve(), { once: true }))
      clearInterval(alive)
    } finally {
      await session.close()
    }
    ctx.result({ event: 'stopped', updated: events.updated }, () => '')
    return EXIT.ok
  }
}
