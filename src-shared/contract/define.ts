import type { z } from 'zod'

/** A request/response channel: renderer asks, main answers. */
export interface InvokeChannel<Schema extends z.ZodType, Result> {
  readonly kind: 'invoke'
  readonly channel: string
  readonly input: Schema
  /** Phantom field: carries the result type only, never read at run time. */
  readonly result?: Result
}

/** A one-way message from main to the renderer. */
export interface EventChannel<Payload> {
  readonly kind: 'event'
  readonly channel: string
  /** Phantom field: carries the payload type only, never read at run time. */
  readonly payload?: Payload
}

/**
 * Declares an invoke channel. Curried so the result type is written once, here, and
 * every caller gets it inferred: `invoke<AppInfo>()('app:info', z.undefined())`.
 */
export function invoke<Result>() {
  return <Schema extends z.ZodType>(channel: string, input: Schema): InvokeChannel<Schema, Result> => ({
    kind: 'invoke',
    channel,
    input
  })
}

/** Declares an event channel carrying `Payload`. */
export function event<Payload>() {
  return (channel: string): EventChannel<Payload> => ({ kind: 'event', channel })
}

export type AnyInvoke = InvokeChannel<z.ZodType, unknown>
export type AnyEvent = EventChannel<unknown>
/** One area of the contract: a named group of invoke and event channels. */
export type Area = Record<string, AnyInvoke | AnyEvent>
/** The whole contract: areas by name. */
export type Contract = Record<string, Area>

export type InputOf<C> = C extends InvokeChannel<infer S, unknown> ? z.input<S> : never
export type ParsedInputOf<C> = C extends InvokeChannel<infer S, unknown> ? z.output<S> : never
export type ResultOf<C> = C extends InvokeChannel<z.ZodType, infer R> ? R : never
export type PayloadOf<C> = C extends EventChannel<infer P> ? P : never
