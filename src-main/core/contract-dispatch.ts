import type { z } from 'zod'
import { contract, type AppContract } from '../../src-shared/contract'
import type { Area } from '../../src-shared/contract/define'
import type { Envelope } from '../../src-shared/contract/errors'
import { toBridgeError } from './errors/to-bridge-error'
import type { Logger } from './log'
import { sentence } from './i18n/sentence'

/** Runs one invoke: raw input in, envelope out. Never throws. */
export type ContractDispatch = (channel: string, rawInput: unknown) => Promise<Envelope<unknown>>

/** What differs between the callers: which areas they serve, where handlers come from, how they speak. */
export interface ContractDispatchOptions<A extends keyof AppContract> {
  /** The contract areas served; a channel of any other area is answered `unknown-channel`. */
  areas: readonly A[]
  /**
   * The service implementing one area. It may wait (the core is still starting) or throw (it
   * failed to start): both happen inside the call, so the caller gets an envelope either way.
   */
  handlersOf(area: A): object | Promise<object>
  /** The message for a channel that is not served, in words fit for whoever asked. */
  unknownChannel(channel: string): string
  log: Logger
  /** Added to the log line of an unexpected failure, to tell which door the call came through. */
  origin?: string
}

type AnyHandler = (input: unknown) => unknown

interface Route<A> {
  area: A
  method: string
  schema: z.ZodType
}

const internal = (): Envelope<unknown> => {
  const { text, said } = sentence('coreApp.internal')
  return { ok: false, error: { code: 'internal', message: text, said } }
}

function describeInvalidInput(channel: string, error: z.ZodError): string {
  const first = error.issues[0]
  const where = first && first.path.length > 0 ? ` (at ${first.path.join('.')})` : ''
  return `The request for "${channel}" was not valid${where}: ${first?.message ?? 'unexpected input'}.`
}

function routesOf<A extends keyof AppContract>(areas: readonly A[]): Map<string, Route<A>> {
  const routes = new Map<string, Route<A>>()
  for (const area of areas) {
    for (const [method, spec] of Object.entries(contract[area] as Area)) {
      if (spec.kind === 'invoke') routes.set(spec.channel, { area, method, schema: spec.input })
    }
  }
  return routes
}

/**
 * The one path every contract call takes, from the renderer (IPC) or from another process
 * (the hand-off): look up the channel, parse the untrusted input with the contract's schema,
 * call the area's method of the same name, and answer with an envelope. Deliberate failures
 * keep their code and message; anything else is logged here and answered only as `internal`,
 * so no stack trace or path crosses over.
 */
export function createContractDispatch<A extends keyof AppContract>(options: ContractDispatchOptions<A>): ContractDispatch {
  const routes = routesOf(options.areas)
  const from = options.origin ? ` (${options.origin})` : ''

  return async (channel, rawInput) => {
    const route = routes.get(channel)
    if (!route) return { ok: false, error: { code: 'unknown-channel', message: options.unknownChannel(channel) } }
    const parsed = route.schema.safeParse(rawInput)
    if (!parsed.success) {
      return { ok: false, error: { code: 'invalid-input', message: describeInvalidInput(channel, parsed.error) } }
    }
    try {
      // Services declare `implements AreaHandlers<…>`, so the method is there by type; checked again here.
      const methods = (await options.handlersOf(route.area)) as Record<string, AnyHandler | undefined>
      const handler = methods[route.method]
      if (typeof handler !== 'function') throw new Error(`No handler for contract channel ${channel}`)
      return { ok: true, value: await handler(parsed.data) }
    } catch (error) {
      const known = toBridgeError(error)
      if (known) return { ok: false, error: known }
      options.log.error(`Unexpected failure in ${channel}${from}`, error)
      return internal()
    }
  }
}
