import { z } from 'zod'
import { listInvokeChannels } from '../../src-shared/contract'
import type { AppContract } from '../../src-shared/contract'
import type { Envelope } from '../../src-shared/contract/errors'
import type { Logger } from '../core/log'
import type { HandlerSource } from './handler-table'
import { toBridgeError } from '../core/errors/to-bridge-error'

/** Runs one invoke: raw input in, envelope out. Never throws. */
export type Dispatch = (channel: string, rawInput: unknown) => Promise<Envelope<unknown>>

type AnyHandler = (input: unknown) => unknown

interface Route {
  area: keyof AppContract
  method: string
  schema: z.ZodType
}

/**
 * Wraps the handlers in the one path every call takes: look up the channel, parse the
 * untrusted input with the contract's schema, call the core, and turn the outcome into an
 * envelope. Unexpected errors are logged here and reach the renderer only as `internal`.
 */
export function createDispatch(handlers: HandlerSource, log: Logger): Dispatch {
  const routes = new Map<string, Route>()
  for (const { area, method, spec } of listInvokeChannels()) {
    routes.set(spec.channel, { area: area as keyof AppContract, method, schema: spec.input })
  }

  return async (channel, rawInput) => {
    const route = routes.get(channel)
    if (!route) {
      return { ok: false, error: { code: 'unknown-channel', message: `FlipDrop has no action named "${channel}".` } }
    }
    const parsed = route.schema.safeParse(rawInput)
    if (!parsed.success) {
      return { ok: false, error: { code: 'invalid-input', message: describeInvalidInput(channel, parsed.error) } }
    }
    try {
      const area = (await handlers(route.area)) as Record<string, AnyHandler | undefined>
      const handler = area[route.method]
      if (!handler) throw new Error(`No handler for contract channel ${channel}`)
      return { ok: true, value: await handler(parsed.data) }
    } catch (error) {
      const known = toBridgeError(error)
      if (known) return { ok: false, error: known }
      log.error(`Unexpected failure in ${channel}`, error)
      return { ok: false, error: { code: 'internal', message: 'Something went wrong inside FlipDrop. Please try again.' } }
    }
  }
}

function describeInvalidInput(channel: string, error: z.ZodError): string {
  const first = error.issues[0]
  const where = first && first.path.length > 0 ? ` (at ${first.path.join('.')})` : ''
  return `The request for "${channel}" was not valid${where}: ${first?.message ?? 'unexpected input'}.`
}
