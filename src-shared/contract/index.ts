import { account } from './account'
import { app } from './app'
import { auth } from './auth'
import { library } from './library'
import { links } from './links'
import { readers } from './readers'
import { settings } from './settings'
import { share } from './share'
import { uploads } from './uploads'
import type { AnyEvent, AnyInvoke, Area, Contract } from './define'

/**
 * The whole IPC contract. Main's handler table and the renderer's typed client are derived
 * from this one object; the preload's bridge from `channel-table.ts`, its names without the
 * schemas, held to this object by the type checker and a test.
 */
export const contract = {
  account,
  app,
  auth,
  library,
  links,
  readers,
  settings,
  share,
  uploads
} satisfies Contract

export type AppContract = typeof contract

function listChannels<C extends AnyInvoke | AnyEvent>(kind: C['kind']): { area: string; method: string; spec: C }[] {
  return Object.entries(contract).flatMap(([area, methods]) =>
    Object.entries(methods as Area)
      .filter((entry): entry is [string, C] => entry[1].kind === kind)
      .map(([method, spec]) => ({ area, method, spec }))
  )
}

/** Every invoke channel of the contract, flattened, with its area and method name. */
export function listInvokeChannels(): { area: string; method: string; spec: AnyInvoke }[] {
  return listChannels<AnyInvoke>('invoke')
}

/** Every event channel of the contract, flattened. */
export function listEventChannels(): { area: string; method: string; spec: AnyEvent }[] {
  return listChannels<AnyEvent>('event')
}

export * from './errors'
export type * from './define'
