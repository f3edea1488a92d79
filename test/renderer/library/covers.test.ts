import { describe, expect, it, vi } from 'vitest'
import { useCovers } from '../../../src-renderer/src/library/covers'
import { installBridge } from '../fake-main'

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
/** Long enough for the asks to start (they wait for the grid to settle) and main's answers to arrive. */
const settle = async (): Promise<void> => {
  for (let round = 0; round < 12; round++) await new Promise((resolve) => setTimeout(resolve, 50))
}

describe('covers in the window', () => {
  it('asks main a few at a time, shows blob: URLs, and holds a bounded number, dropping the least recently shown', async () => {
    let inFlight = 0
    let most = 0
    const main = installBridge(async (channel, input) => {
      if (channel !== 'library:cover') return { ok: true, value: null }
      inFlight += 1
      most = Math.max(most, inFlight)
      await new Promise((resolve) => setTimeout(resolve, 1))
      inFlight -= 1
      const { key } = input as { key: string }
      return { ok: true, value: key === 'Flipbook:404' ? null : { bytes: PNG, type: 'image/png' } }
    })
    const covers = useCovers()
    const asked = (): number => main.calls.filter((call) => call.channel === 'library:cover').length

    // A screenful asks once the grid is still, never more than a few in flight.
    for (let id = 1; id <= 40; id++) expect(covers.srcFor(`Flipbook:${id}`)).toBeNull()
    expect(asked()).toBe(0)
    await settle()
    expect(most).toBeLessThanOrEqual(6)
    expect(covers.srcFor('Flipbook:1')).toMatch(/^blob:/)
    expect(asked()).toBe(40)
    // Shown again: from memory, nothing asked.
    covers.srcFor('Flipbook:1')
    expect(asked()).toBe(40)

    // None to be had: not asked again at once.
    covers.srcFor('Flipbook:404')
    await settle()
    expect(covers.srcFor('Flipbook:404')).toBeNull()
    await settle()
    expect(asked()).toBe(41)

    // Scrolling through hundreds: the memory holds at most 500; the oldest are dropped (Flipbook:1 was shown recently).
    for (let start = 100; start < 700; start += 100) {
      for (let id = start; id < start + 100; id++) covers.srcFor(`Flipbook:${id}`)
      await settle()
      covers.srcFor('Flipbook:1')
    }
    expect(covers.srcFor('Flipbook:1')).toMatch(/^blob:/)
    expect(covers.srcFor('Flipbook:2')).toBeNull()
    expect(covers.srcFor('Flipbook:699')).toMatch(/^blob:/)
    const held = Array.from({ length: 700 }, (_, id) => covers.srcFor(`Flipbook:${id}`)).filter((src) => src !== null)
    expect(held.length).toBeLessThanOrEqual(500)

    // Main kept a new cover (a new first page): the old one goes and is asked for again.
    await settle()
    covers.srcFor('Flipbook:699')
    const before = asked()
    main.fire('library:coversChanged', { keys: ['Flipbook:699'] })
    expect(covers.srcFor('Flipbook:699')).toBeNull()
    await settle()
    expect(asked()).toBe(before + 1)
  }, 20_000)

  it('asks again for a cover it could not have half a minute later, also when the computer clock was set back 2 h meanwhile', async () => {
    const main = installBridge(() => ({ ok: true, value: null }))
    const covers = useCovers()
    const asked = (): number => main.calls.filter((call) => call.channel === 'library:cover').length
    covers.srcFor('Flipbook:clock')
    await settle()
    expect(asked()).toBe(1)
    const realNow = Date.now.bind(Date)
    const realPerformanceNow = performance.now.bind(performance)
    vi.spyOn(performance, 'now').mockImplementation(() => realPerformanceNow() + 31_000)
    vi.spyOn(Date, 'now').mockImplementation(() => realNow() + 31_000 - 2 * 3600_000)
    try {
      covers.srcFor('Flipbook:clock')
      await settle()
      expect(asked()).toBe(2)
    } finally {
      vi.restoreAllMocks()
    }
  })
})
