import { getEventListeners } from 'node:events'
import { createServer } from 'node:http'
import { describe, expect, it } from 'vitest'
import { createNetwork } from '../../../../src-main/core/api/http/network'
import { linkSignals } from '../../../../src-main/core/api/http/linked-signal'
import { fetchCover } from '../../../../src-main/core/library/cover-fetch'
import { serveLocally } from '../../../support/serve-locally'

/** What a signal keeps of the signals made from it with AbortSignal.any (Node's own Set: not this realm's). */
function dependants(signal: AbortSignal): number {
  const symbol = Object.getOwnPropertySymbols(signal).find((candidate) => candidate.description === 'kDependantSignals')
  const size = symbol ? (signal as unknown as Record<symbol, { size?: unknown } | undefined>)[symbol]?.size : 0
  return typeof size === 'number' ? size : 0
}

describe('linked signals: one piece of work stopped by any of several signals', () => {
  it('stops when any source stops, with its reason', () => {
    const first = new AbortController()
    const second = new AbortController()
    const linked = linkSignals([first.signal, undefined, second.signal])
    expect(linked.signal?.aborted).toBe(false)
    second.abort(new Error('quit'))
    expect(linked.signal?.aborted).toBe(true)
    expect((linked.signal?.reason as Error).message).toBe('quit')
    expect(getEventListeners(first.signal, 'abort')).toHaveLength(0)
  })

  it('starts stopped when a source already is, and is the one source itself when there is one', () => {
    const stopped = new AbortController()
    stopped.abort('gone')
    expect(linkSignals([new AbortController().signal, stopped.signal]).signal?.reason).toBe('gone')
    const only = new AbortController().signal
    expect(linkSignals([undefined, only]).signal).toBe(only)
    expect(linkSignals([undefined]).signal).toBeUndefined()
  })

  it('lets go of its sources once unlinked: a later stop of a source no longer reaches it', () => {
    const source = new AbortController()
    const linked = linkSignals([source.signal, new AbortController().signal])
    expect(getEventListeners(source.signal, 'abort')).toHaveLength(1)
    linked.unlink()
    expect(getEventListeners(source.signal, 'abort')).toHaveLength(0)
    source.abort()
    expect(linked.signal?.aborted).toBe(false)
  })

  it('a cover read with the library signal leaves nothing on that signal', async () => {
    const server = await serveLocally(createServer((_request, response) => response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from([1, 2, 3]))))
    const network = createNetwork()
    const library = new AbortController()
    try {
      for (let cover = 0; cover < 20; cover++) expect(await fetchCover(`${server.url}/cover-${cover}.png`, network, library.signal)).toHaveLength(3)
      expect(getEventListeners(library.signal, 'abort')).toHaveLength(0)
      expect(dependants(library.signal)).toBe(0)
    } finally {
      await network.close()
      await server.close()
    }
  })
})
