import type { AppContract } from '../../src-shared/contract'
import type { Area, InvokeChannel, ParsedInputOf, ResultOf } from '../../src-shared/contract/define'
import type { Core } from '../core/core'

type InvokeKeys<A extends Area> = {
  [K in keyof A]: A[K] extends InvokeChannel<infer _S, infer _R> ? K : never
}[keyof A]

/** One handler per invoke channel, typed by the contract: parsed input in, result out. */
export type HandlerTable = {
  [A in keyof AppContract]: {
    [K in InvokeKeys<AppContract[A]>]: (
      input: ParsedInputOf<AppContract[A][K]>
    ) => Promise<ResultOf<AppContract[A][K]>> | ResultOf<AppContract[A][K]>
  }
}

/**
 * Maps every contract channel to the core. Kept free of Electron so the test host serves
 * the very same table over its WebSocket.
 */
export function createHandlerTable(core: Core): HandlerTable {
  return {
    app: {
      info: () => core.app.info(),
      openExternal: async (url) => {
        await core.app.openExternal(url)
        return undefined
      }
    },
    auth: {
      status: () => core.auth.state(),
      signIn: (input) => core.auth.signIn(input),
      signOut: () => core.auth.signOut(),
      refresh: () => core.auth.refresh()
    },
    settings: {
      get: () => core.settings.view(),
      update: (patch) => core.settings.update(patch)
    }
  }
}
