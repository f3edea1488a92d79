import type { z } from 'zod'
import type { AppContract } from './index'
import { CHANNEL_TABLE, type ChannelEntry } from './channel-table'
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

/**
 * Where "Add PDFs…" lets the user choose files: main's OS dialog (`uploads.chooseFiles`, the
 * app), or a file input in the page (the browser demo, where main has no dialog to show).
 */
export type FilePicker = 'main' | 'page'

/** How files from the page become paths main can queue. */
export interface PageFiles<FileLike> {
  /** The paths of dropped or picked files, in order, '' for a file that has none. */
  pathsForFiles(files: readonly FileLike[]): Promise<string[]>
  /** Who shows the file chooser (see {@link FilePicker}). */
  readonly filePicker: FilePicker
}

/** `window.flipdrop`: one object per contract area, plus the dropped-file path lookups. */
export type FlipdropApi<FileLike = never> = { [A in keyof AppContract]: BridgeArea<AppContract[A]> } & PageFiles<FileLike> & {
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
 * Builds `window.flipdrop` from the contract's channel table. Only the contract's channels
 * are reachable: there is no generic send or invoke, so the renderer cannot name a channel.
 *
 * `pageFiles` is for the test host only, where a browser file has no path and its bytes are
 * copied to the host first. Without it (the app's preload) `pathsForFiles` is `getPathForFile`
 * of each file: no byte of a file ever crosses the bridge, and main shows the file dialog.
 */
export function createFlipdropApi<FileLike>(
  transport: BridgeTransport,
  getPathForFile: (file: FileLike) => string,
  pageFiles?: PageFiles<FileLike>
): FlipdropApi<FileLike> {
  const api: Record<string, Record<string, unknown>> = {}
  for (const [areaName, area] of Object.entries(CHANNEL_TABLE)) {
    const methods: Record<string, unknown> = {}
    for (const [name, spec] of Object.entries(area as Record<string, ChannelEntry>)) {
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
  const files: PageFiles<FileLike> = pageFiles ?? {
    pathsForFiles: async (list) => list.map((file) => getPathForFile(file)),
    filePicker: 'main'
  }
  return Object.freeze({
    ...api,
    getPathForFile,
    pathsForFiles: (list: readonly FileLike[]) => files.pathsForFiles(list),
    filePicker: files.filePicker
  }) as unknown as FlipdropApi<FileLike>
}
