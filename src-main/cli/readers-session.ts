import { contract } from '../../src-shared/contract'
import { createFlipdropApi, type BridgeArea } from '../../src-shared/contract/bridge'
import { AccountChoiceError } from '../core/accounts/resolve-account'
import { connectToHolder } from '../core/handoff/handoff-client'
import { createDispatch } from '../ipc/dispatch'
import { handlersOf } from '../ipc/handler-table'
import type { CliContext } from './cli-context'
import { CliError } from './cli-error'
import { bootCommandCore } from './command-core'
import { EXIT } from './exit-codes'

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
  const booted = bootCommandCore(ctx, { runUploads: false, links: { watch: false }, keychain: await ctx.keychain(), emit: () => {}, ...(accountId !== undefined ? { account: accountId } : {}) })
  try {
    await booted.startup.ready()
  } catch (error) {
    const failure = booted.failure ?? error
    if (failure instanceof AccountChoiceError) throw failure
    throw new CliError(failure instanceof Error ? failure.message : String(failure), EXIT.failed)
  }
  const dispatch = createDispatch(handlersOf(booted), booted.log)
  const api = createFlipdropApi({ invoke: (channel, input) => dispatch(channel, input), subscribe: () => () => {} }, () => '')
  return { readers: api.readers, close: () => booted.close() }
}
