import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ServiceError, explain } from '../../../../src-main/core/api/service-error'
import { monotonicNow } from '../../../../src-main/core/clock'
import { Connectivity, FIRST_PROBE_MS, MAX_PROBE_MS, type ProbeTimings } from '../../../../src-main/core/queue/connectivity'

/*
 * The probe that asks whether the service can be reached again backs off (1 s doubling to
 * 30 s in the app); its timings are settings of the core so tests run them at test speed.
 */

const refused = new ServiceError('network', explain.network(), { delivery: 'not-sent' })

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

/** The gaps between probes while the service stays out of reach, for the given timings. */
async function probeGaps(timings: ProbeTimings | undefined, count: number): Promise<number[]> {
  const at: number[] = []
  const connectivity = new Connectivity(
    async () => {
      at.push(Date.now())
      throw refused
    },
    () => {},
    timings
  )
  try {
    const start = Date.now()
    connectivity.reportOffline()
    while (at.length < count) await vi.advanceTimersToNextTimerAsync()
    return at.map((time, index) => time - (index === 0 ? start : (at[index - 1] ?? start)))
  } finally {
    connectivity.stop()
  }
}

describe('the probe’s backoff', () => {
  it('by default: 1 s, doubling to 30 s', async () => {
    expect([FIRST_PROBE_MS, MAX_PROBE_MS]).toEqual([1_000, 30_000])
    expect(await probeGaps(undefined, 7)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000])
  })

  it('the core’s settings set its first wait and its longest', async () => {
    expect(await probeGaps({ firstProbeMs: 50, maxProbeMs: 300 }, 5)).toEqual([50, 100, 200, 300, 300])
  })
})

describe('a service that answers, then is out of reach again at once', () => {
  /** The wait before each probe, when every probe answers and the work meets a sign-in page right after. */
  async function gapsWhileFlapping(rounds: number): Promise<{ connectivity: Connectivity; gaps: number[] }> {
    const gaps: number[] = []
    const connectivity = new Connectivity(async () => {}, () => {}, { firstProbeMs: 100, maxProbeMs: 1_600 })
    for (let round = 0; round < rounds; round++) {
      connectivity.reportOffline('portal')
      const start = Date.now()
      await vi.advanceTimersToNextTimerAsync()
      gaps.push(Date.now() - start)
    }
    return { connectivity, gaps }
  }

  it('keeps backing off instead of sending the work again at every answer', async () => {
    const { connectivity, gaps } = await gapsWhileFlapping(6)
    connectivity.stop()
    expect(gaps).toEqual([100, 200, 400, 800, 1_600, 1_600])
  })

  it('an answer to some other request does not bring it back while it flaps: the probe does', async () => {
    const { connectivity } = await gapsWhileFlapping(2)
    connectivity.reportOffline('portal')
    connectivity.reportOnline()
    expect(connectivity.state).toMatchObject({ online: false, cause: 'portal' })
    await vi.advanceTimersToNextTimerAsync()
    expect(connectivity.state.online).toBe(true)
    connectivity.stop()
  })

  it('starts afresh once the service has answered for a while', async () => {
    const { connectivity } = await gapsWhileFlapping(3)
    expect(connectivity.state.online).toBe(true)
    vi.advanceTimersByTime(5_000)
    connectivity.reportOffline()
    expect((connectivity.state.nextCheckAt ?? 0) - monotonicNow()).toBeLessThanOrEqual(100)
    connectivity.stop()
  })
})
