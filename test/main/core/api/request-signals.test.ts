import { getEventListeners } from 'node:events'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { KEY, useApiFixture } from '../../../support/api-fixture'

const fx = useApiFixture({ seed: 3 })

/** What a signal keeps of the signals made from it (Node's AbortSignal.any keeps a reference to each; never pruned in Node 20). */
function dependants(signal: AbortSignal): number {
  const symbol = Object.getOwnPropertySymbols(signal).find((candidate) => candidate.description === 'kDependantSignals')
  // Node's own Set subclass: not an instance of this realm's Set.
  const kept = symbol ? ((signal as unknown as Record<symbol, { size?: unknown } | undefined>)[symbol]?.size ?? 0) : 0
  return typeof kept === 'number' ? kept : 0
}

describe('a client that runs for days: what its requests leave on its own stop signal', () => {
  it('keeps no trace of finished reads, each with a signal of its own, on the signal that stops the client', async () => {
    const { emulator, newClient } = fx()
    const stop = new AbortController()
    const client = newClient({ signal: stop.signal })
    const [item] = emulator.state.itemsOf(KEY)
    if (!item) throw new Error('no seeded item')
    for (let read = 0; read < 50; read++) await client.getItem(item.id, emulator.state.hostOf(item) === 'document' ? 'Document' : 'Flipbook', { signal: new AbortController().signal })
    setFlagsFromString('--expose-gc')
    ;(runInNewContext('gc') as () => void)()
    expect(getEventListeners(stop.signal, 'abort')).toHaveLength(0)
    // A week of syncs and uploads is hundreds of thousands of requests: each one kept here was a leak.
    expect(dependants(stop.signal)).toBe(0)
  })

  it('still stops a read under way when the client stops', async () => {
    const { emulator, newClient } = fx()
    const stop = new AbortController()
    const client = newClient({ signal: stop.signal })
    const [item] = emulator.state.itemsOf(KEY)
    if (!item) throw new Error('no seeded item')
    emulator.faults.add({ route: '/api/get', kind: 'latency', ms: 5_000 })
    const read = client.getItem(item.id, emulator.state.hostOf(item) === 'document' ? 'Document' : 'Flipbook', { signal: new AbortController().signal })
    setTimeout(() => stop.abort(), 50)
    await expect(read).rejects.toMatchObject({ kind: 'cancelled' })
  })
})
