import { listInvokeChannels, type AppContract } from '../../src-shared/contract'
import type { ContractHandlers } from '../core/area-handlers'
import type { Booted } from '../core/boot'
import type { Core } from '../core/core'
import type { AppService } from '../core/app/app-service'

/** One handler per invoke channel, typed by the contract: parsed input in, result out. */
export type HandlerTable = ContractHandlers

/**
 * Every contract area mapped to the core service that implements it. Each service's type
 * is derived from its contract area, so this is registration only: a missing or misnamed
 * method fails to compile here, and `createDispatch` checks the same at run time.
 */
export function createHandlerTable(app: AppService, core: Core): HandlerTable {
  return { account: core.account, app, auth: core.auth, library: core.library, links: core.links, readers: core.readers, settings: core.settings, share: core.share, uploads: core.uploads }
}

/** The handlers of one area, once they can answer. */
export type HandlerSource = (area: keyof AppContract) => Promise<HandlerTable[keyof AppContract]>

/** Throws unless every invoke channel of the contract has a handler: the run-time twin of the types. */
export function assertComplete(table: HandlerTable): void {
  const missing = listInvokeChannels().filter(
    ({ area, method }) => typeof (table[area as keyof HandlerTable] as Record<string, unknown>)[method] !== 'function'
  )
  if (missing.length > 0) throw new Error(`No handler for ${missing.map(({ spec }) => spec.channel).join(', ')}`)
}

/**
 * Where dispatch finds handlers: the `app` area answers at once (it reports start-up and
 * offers Retry); every other area waits for the core, or fails with `not-started`.
 */
export function handlersOf(booted: Pick<Booted, 'app' | 'startup'>): HandlerSource {
  const checked = new WeakSet<Core>()
  return async (area) => {
    if (area === 'app') return booted.app
    const core = await booted.startup.ready()
    const table = createHandlerTable(booted.app, core)
    if (!checked.has(core)) {
      assertComplete(table)
      checked.add(core)
    }
    return table[area]
  }
}
