import { createFlipdropApi, type FlipdropApi } from '../../src-shared/contract/bridge'
import type { CoreConfig } from '../core/core'
import { AccountChoiceError } from '../core/accounts/resolve-account'
import { createDispatch } from '../ipc/dispatch'
import { handlersOf } from '../ipc/handler-table'
import type { CliContext } from './cli-context'
import { CliError } from './cli-error'
import { bootCommandCore } from './command-core'
import { EXIT } from './exit-codes'

/**
 * Takes the data folder and starts the core in this process, reached through the same contract
 * as a running app is (the links and readers sessions). A failed start is the command's error.
 */
export async function coreHere(
  ctx: CliContext,
  extra: Pick<CoreConfig, 'links' | 'runUploads' | 'account'>,
  onEvent?: (channel: string, payload: unknown) => void
): Promise<{ api: FlipdropApi; close(): Promise<void> }> {
  const booted = bootCommandCore(ctx, { ...extra, keychain: await ctx.keychain(), emit: (spec, payload) => onEvent?.(spec.channel, payload) })
  try {
    await booted.startup.ready()
  } catch (error) {
    const failure = booted.failure ?? error
    // Said in the command's words (exit 2 or 3), as when the command itself resolved it.
    if (failure instanceof AccountChoiceError) throw failure
    throw new CliError(failure instanceof Error ? failure.message : String(failure), EXIT.failed)
  }
  const dispatch = createDispatch(handlersOf(booted), booted.log)
  return { api: createFlipdropApi({ invoke: (channel, input) => dispatch(channel, input), subscribe: () => () => {} }, () => ''), close: () => booted.close() }
}
