import type { z } from 'zod'
import type { AppContract } from './index'
import { contract } from './index'
import type { Area, EventChannel, InvokeChannel } from './define'
import type { Envelope } from './errors'

/** Stops listening to an event. */
export type Unsubscribe = () => void

/**
 * How the bridge reaches main. In Electron it is `ipcRenderer`; in the e2e test host it
 * is a WebSocket. Both carry the same channel names and the same envelopes.
 */
export interface BridgeTransport {
  invoke(channel: string, input: unknown): Promise<unknown>
  subscribe(channel: string, listener: (payload: unknown) => void): Unsubscribe
}

type EventKey<K extends string> = `on${Capitalize<K>}`

/**
 * The renderer-facing methods of one contract area: invokes keep their name, events become
 * `onX`. A channel without input takes no argument; one whose input has a default takes an
 * optional one.
 */
export type BridgeArea<A extends Area> = {
  [K in keyof A & string as A[K] extends EventChannel<unknown> ? EventKey<K> : K]: A[K] extends InvokeChannel<
    infer S,
    infer R
  >
    ? [z.input<S>] extends [undefined]
      ? () => Promise<Envelope<R>>
      : undefined extends z.input<S>
        ? (input?: z.input<S>) => Promise<Envelope<R>>
        : (input: z.input<S>) => Promise<Envelope<R>>
    : A[K] extends EventChannel<infer P>
      ? (listener: (payload: P) => void) => Unsubscribe
      : never
}

/** `window.flipdrop`: one object per contract area, plus the dropped-file path lookup. */
export type FlipdropApi<FileLike = never> = { [A in keyof AppContract]: BridgeArea<AppContract[A]> } & {
  /** The absolute path of a file the user dropped, or '' for a file that has none. */
  getPathForFile(file: FileLike): string
}

function eventKey(name: string): string {
  return `on${name.charAt(0).toUpperCase()}${name.slice(1)}`
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { ok?: unknown }).ok === 'boolean'
}

/**
 * Builds `window.flipdrop` from the contract. Only the contract's channels are reachable:
 * there is no generic send or invoke, so the renderer cannot name a channel itself.
 */
export function createFlipdropApi<FileLike>(
  transport: BridgeTransport,
  getPathForFile: (file: FileLike) => string
): FlipdropApi<FileLike> {
  const api: Record<string, Record<string, unknown>> = {}
  for (const [areaName, area] of Object.entries(contract)) {
    const methods: Record<string, unknown> = {}
    for (const [name, spec] of Object.entries(area as Area)) {
      if (spec.kind === 'invoke') {
        methods[name] = async (input?: unknown): Promise<Envelope<unknown>> => {
          let reply: unknown
          try {
            reply = await transport.invoke(spec.channel, input)
          } catch {
            return { ok: false, error: { code: 'internal', message: 'FlipDrop lost touch with its main process.' } }
          }
          return isEnvelope(reply)
            ? reply
            : { ok: false, error: { code: 'internal', message: 'FlipDrop received an unreadable reply.' } }
        }
      } else {
        methods[eventKey(name)] = (listener: (payload: unknown) => void): Unsubscribe =>
          transport.subscribe(spec.channel, listener)
      }
    }
    api[areaName] = Object.freeze(methods)
  }
  // The one cast of this file: the loop above builds exactly the mapped type, which
  // TypeScript cannot follow through Object.entries.
  return Object.freeze({ ...api, getPathForFile }) as unknown as FlipdropApi<FileLike>
}
