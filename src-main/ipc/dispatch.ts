import { z } from 'zod'
import { listInvokeChannels } from '../../src-shared/contract'
import type { Envelope } from '../../src-shared/contract/errors'
import type { Logger } from '../core/log'
import type { HandlerTable } from './handler-table'
import { toBridgeError } from './to-bridge-error'

/** Runs one invoke: raw input in, envelope out. Never throws. */
export type Dispatch = (channel: string, rawInput: unknown) => Promise<Envelope<unknown>>

type AnyHandler = (input: unknown) => unknown

/**
 * Wraps the handler table in the one path every call takes: look up the channel, parse
 * the untrusted input with the contract's schema, call the core, and turn the outcome into
 * an envelope. Unexpected errors are logged here and reach the renderer only as `internal`.
 */
export function createDispatch(handlers: HandlerTable, log: Logger): Dispatch {
  const routes = new Map<string, { schema: z.ZodType; handler: AnyHandler }>()
  for (const { area, method, spec } of listInvokeChannels()) {
    const areaHandlers = handlers[area as keyof HandlerTable] as Record<string, AnyHandler | undefined>
    const handler = areaHandlers[method]
    if (!handler) throw new Error(`No handler for contract channel ${spec.channel}`)
    routes.set(spec.channel, { schema: spec.input, handler })
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
      const value = await route.handler(parsed.data)
      return { ok: true, value }
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
