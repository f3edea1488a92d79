import { contract } from '../../src-shared/contract'
import { createFlipdropApi, type BridgeArea } from '../../src-shared/contract/bridge'
import { connectToHolder } from '../core/handoff/handoff-client'
import type { CliContext } from './cli-context'
import { coreHere } from './core-here'

/** Readers' numbers, wherever the data folder is held: asked of the app (or another command) holding it, or read here. */
export interface ReadersSession {
  readonly readers: BridgeArea<typeof contract.readers>
  close(): Promise<void>
}

/**
 * The history is the data folder's: a running app answers over the hand-off socket (and keeps a
 * refresh's counts itself); otherwise this process takes the folder for the command's run.
 */
export async function openReadersSession(ctx: CliContext, accountId?: string): Promise<ReadersSession> {
  const holder = await connectToHolder(ctx.dataDir)
  if (holder) {
    const api = createFlipdropApi({ invoke: (channel, input) => holder.invoke(channel, input), subscribe: () => () => {} }, () => '')
    return { readers: api.readers, close: async () => holder.close() }
  }
  const started = await coreHere(ctx, { runUploads: false, links: { watch: false }, ...(accountId !== undefined ? { account: accountId } : {}) })
  return { readers: started.api.readers, close: () => started.close() }
}
