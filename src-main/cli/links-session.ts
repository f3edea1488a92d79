import { contract } from '../../src-shared/contract'
import { createFlipdropApi, type BridgeArea } from '../../src-shared/contract/bridge'
import type { CoreConfig } from '../core/core'
import { connectToHolder } from '../core/handoff/handoff-client'
import type { CliContext } from './cli-context'
import { coreHere } from './core-here'

/** Links and hot folders, wherever the data folder is held: here, or in the app (or `flipdrop watch`). */
export interface LinksSession {
  readonly runner: { here: true } | { here: false; pid: number; role: string }
  readonly links: BridgeArea<typeof contract.links>
  close(): Promise<void>
}

/** Settling time of `flipdrop watch` in milliseconds (tests shorten it); the app's default otherwise. */
export function settleMs(env: NodeJS.ProcessEnv): number | undefined {
  const value = Number(env['FLIPDROP_LINK_SETTLE_MS'])
  return Number.isInteger(value) && value > 0 ? value : undefined
}

/** Takes the data folder and starts the core here (links watched or not, uploads run or not). */
async function here(ctx: CliContext, extra: Pick<CoreConfig, 'links' | 'runUploads' | 'account'>, onEvent?: (channel: string, payload: unknown) => void): Promise<LinksSession> {
  const started = await coreHere(ctx, extra, onEvent)
  return { runner: { here: true }, links: started.api.links, close: () => started.close() }
}

/**
 * Edits links and hot folders without becoming a second writer of the data folder: a running
 * app (or `flipdrop watch`) takes the change over the hand-off socket and applies it at once;
 * otherwise this process takes the folder, writes `links.json`, and leaves (it does not watch).
 * `accountId` (`--account`'s UserID) is current when the core runs here.
 */
export async function openLinksSession(ctx: CliContext, accountId?: string): Promise<LinksSession> {
  const holder = await connectToHolder(ctx.dataDir)
  if (!holder) return here(ctx, { runUploads: false, links: { watch: false }, ...(accountId !== undefined ? { account: accountId } : {}) })
  const api = createFlipdropApi({ invoke: (channel, input) => holder.invoke(channel, input), subscribe: () => () => {} }, () => '')
  return {
    runner: { here: false, pid: holder.pid, role: holder.role },
    links: api.links,
    async close() {
      holder.close()
    }
  }
}

/**
 * `flipdrop watch`: takes the data folder, runs the queue and watches every link and hot
 * folder. Only one watcher per data folder: when another process holds it, that one watches.
 */
export async function openWatchSession(
  ctx: CliContext,
  onEvent: (channel: string, payload: unknown) => void,
  accountId?: string
): Promise<LinksSession | { heldBy: { pid: number; role: string } }> {
  const holder = await connectToHolder(ctx.dataDir)
  if (holder) {
    holder.close()
    return { heldBy: { pid: holder.pid, role: holder.role } }
  }
  const stabilityMs = settleMs(ctx.env)
  const links = { watch: true, ...(stabilityMs ? { stabilityMs, pollIntervalMs: Math.max(20, Math.floor(stabilityMs / 3)) } : {}) }
  return here(ctx, { runUploads: true, links, ...(accountId !== undefined ? { account: accountId } : {}) }, onEvent)
}
