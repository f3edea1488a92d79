import type { AppContract } from '../../src-shared/contract'
import type { Area, InvokeChannel, ParsedInputOf, ResultOf } from '../../src-shared/contract/define'

type InvokeKeys<A extends Area> = {
  [K in keyof A]: A[K] extends InvokeChannel<infer _S, infer _R> ? K : never
}[keyof A]

/**
 * The methods a core service must have to serve one contract area: one per invoke
 * channel, same name, parsed input in, result out. Services declare `implements` this,
 * so a new channel is its contract entry plus its implementation, and nothing in between.
 * Methods are called detached (no `this`).
 */
export type AreaHandlers<A extends Area> = {
  [K in InvokeKeys<A>]: Handler<ParsedInputOf<A[K]>, ResultOf<A[K]>>
}

/** A channel that takes no input (`z.undefined()`) gets a method callable without an argument. */
type Handler<Input, Result> = undefined extends Input
  ? (input?: Input) => Promise<Result> | Result
  : (input: Input) => Promise<Result> | Result

/** The handlers of the named contract area. */
export type HandlersOf<N extends keyof AppContract> = AreaHandlers<AppContract[N]>

/** Every area's handlers: what main serves. */
export type ContractHandlers = { [N in keyof AppContract]: HandlersOf<N> }
