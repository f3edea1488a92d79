import type { z } from 'zod'
import type { AppContract } from '../../../src-shared/contract'
import type { Area } from '../../../src-shared/contract/define'
import type { Envelope } from '../../../src-shared/contract/errors'
import type { HandlersOf } from '../area-handlers'
import { toBridgeError } from '../errors/to-bridge-error'
import type { Logger } from '../log'
import type { HandoffDispatch } from './handoff-server'

type AnyHandler = (input: unknown) => unknown

interface Route {
  method: string
  schema: z.ZodType
}

/** The areas a second `flipdrop` may reach over the hand-off: the queue, and links and hot folders. */
export type HandoffArea = 'uploads' | 'links'

function unknownChannel(channel: string): Envelope<unknown> {
  return { ok: false, error: { code: 'unknown-channel', message: `FlipDrop has no action named "${channel}" for other commands.` } }
}

/** One dispatch for several areas, chosen by the channel's area prefix (`links:list` → links). */
export function createHandoffDispatch(areas: Partial<Record<HandoffArea, HandoffDispatch>>): HandoffDispatch {
  return async (channel, input) => {
    const area = channel.slice(0, channel.indexOf(':'))
    const dispatch = area === 'uploads' || area === 'links' ? areas[area] : undefined
    return dispatch ? dispatch(channel, input) : unknownChannel(channel)
  }
}

function describeInvalidInput(channel: string, error: z.ZodError): string {
  const first = error.issues[0]
  const where = first && first.path.length > 0 ? ` (at ${first.path.join('.')})` : ''
  return `The request for "${channel}" was not valid${where}: ${first?.message ?? 'unexpected input'}.`
}

/**
 * The hand-off's counterpart of the IPC dispatch (which core may not import), for the one
 * area the hand-off serves: look up the channel in `area`, parse the untrusted input with its
 * schema, call the queue's method of the same name, and answer with an envelope. Deliberate
 * failures keep their code and message; anything else is logged and answered `internal`.
 */
export function createUploadsDispatch<N extends HandoffArea>(handlers: HandlersOf<N>, area: AppContract[N], log: Logger): HandoffDispatch {
  const routes = new Map<string, Route>()
  for (const [method, spec] of Object.entries(area as Area)) {
    if (spec.kind === 'invoke') routes.set(spec.channel, { method, schema: spec.input })
  }
  const methods = handlers as unknown as Record<string, AnyHandler | undefined>

  return async (channel, rawInput) => {
    const route = routes.get(channel)
    if (!route) {
      return unknownChannel(channel)
    }
    const parsed = route.schema.safeParse(rawInput)
    if (!parsed.success) {
      return { ok: false, error: { code: 'invalid-input', message: describeInvalidInput(channel, parsed.error) } }
    }
    try {
      const handler = methods[route.method]
      if (typeof handler !== 'function') throw new Error(`No handler for contract channel ${channel}`)
      return { ok: true, value: await handler(parsed.data) }
    } catch (error) {
      const known = toBridgeError(error)
      if (known) return { ok: false, error: known }
      log.error(`Unexpected failure in ${channel} (handed over)`, error)
      return { ok: false, error: { code: 'internal', message: 'Something went wrong inside FlipDrop. Please try again.' } }
    }
  }
}
