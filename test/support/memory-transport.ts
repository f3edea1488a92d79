import type { BridgeTransport } from '../../src-shared/contract/bridge'

/** A bridge transport that calls a dispatch function in-process and lets tests fire events. */
export function memoryTransport(dispatch: (channel: string, input: unknown) => Promise<unknown>) {
  const listeners = new Map<string, Set<(payload: unknown) => void>>()
  const transport: BridgeTransport = {
    invoke: (channel, input) => dispatch(channel, input),
    subscribe(channel, listener) {
      const set = listeners.get(channel) ?? new Set()
      set.add(listener)
      listeners.set(channel, set)
      return () => set.delete(listener)
    }
  }
  return {
    transport,
    fire(channel: string, payload: unknown): void {
      for (const listener of listeners.get(channel) ?? []) listener(payload)
    },
    listenerCount: (channel: string): number => listeners.get(channel)?.size ?? 0
  }
}
