import { createFlipdropApi, type BridgeTransport } from '../../src-shared/contract/bridge'
import type { Envelope } from '../../src-shared/contract/errors'

/**
 * Component tests in happy-dom: the bridge is the real one from the contract; main's side is
 * a scripted transport, standing for a main process that answers or fails on cue. The full
 * app against the real core runs in Chromium (test/e2e).
 */
export function installBridge(answer: (channel: string, input: unknown) => Envelope<unknown> | Promise<Envelope<unknown>>) {
  const calls: { channel: string; input: unknown }[] = []
  const listeners = new Map<string, Set<(payload: unknown) => void>>()
  const transport: BridgeTransport = {
    invoke: async (channel, input) => {
      calls.push({ channel, input })
      return answer(channel, input)
    },
    subscribe(channel, listener) {
      const set = listeners.get(channel) ?? new Set()
      set.add(listener)
      listeners.set(channel, set)
      return () => set.delete(listener)
    }
  }
  Object.defineProperty(window, 'flipdrop', { value: createFlipdropApi(transport, () => ''), configurable: true })
  return {
    calls,
    fire: (channel: string, payload: unknown) => listeners.get(channel)?.forEach((listener) => listener(payload)),
    listenerCount: (channel: string) => listeners.get(channel)?.size ?? 0
  }
}

