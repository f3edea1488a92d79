import { hostname, tmpdir } from 'node:os'
import { mkdtemp } from 'node:fs/promises'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest'
import { RateLimiter, type Permit } from '../../../src-main/core/api/rate-limiter'
import { useClock } from '../../../src-main/core/clock'
import type { HeldLock } from '../../../src-main/core/storage/lock-file'
import { judgeSilent, type LivenessRules } from '../../../src-main/core/storage/lock-liveness'
import { type QueueChange, type QueueView } from '../../../src-shared/domain/queue'
import { startEmulator, type RunningEmulator } from '../../emulator'
import { jobNamed, QUEUE_KEY, startQueueCore, writePdf, type QueueCore } from '../../support/queue-fixture'

/*
 * The computer's clock set back or forward by 2 h (an NTP step, a resumed virtual machine)
 * changes nothing that is timed: the step is Date.now() jumping while timers and the
 * monotonic clock go on, as they do on a real machine. The service's clock is not stepped.
 */

const HOURS_2 = 2 * 3600_000
const realDateNow = Date.now.bind(Date)
/** The true time, which a step of Date.now() does not move: the service's clock. */
const serviceNow = (): number => performance.timeOrigin + performance.now()

/** How far the wall clock is from the true time (it keeps ticking). */
let wallOffset = 0

/** Date.now() follows `wallOffset` from here on, also where code took Date.now itself. */
function wallClockCanStep(): void {
  wallOffset = 0
  vi.spyOn(Date, 'now').mockImplementation(() => realDateNow() + wallOffset)
}

/** Sets the wall clock `ms` away from the true time. */
function stepWallClock(ms: number): void {
  wallOffset = ms
}

afterEach(() => vi.restoreAllMocks())

describe('the rate limiter, with the computer clock set mid-window', () => {
  /** A limiter that used up a window of 2 ending `reset` on the service's clock; the third request waits. */
  async function fullWindow(): Promise<{ limiter: RateLimiter; reset: number }> {
    wallClockCanStep()
    const limiter = new RateLimiter()
    // A window ending 1 to 2 s from now, on a whole second as the service's are.
    const reset = Math.ceil(serviceNow() / 1000) * 1000 + 1000
    const answer = (remaining: number) => ({ status: 200, limit: 2, remaining, resetAtMs: reset, serverDateMs: Math.floor(serviceNow() / 1000) * 1000 })
    ;(await limiter.acquire()).settle(answer(1))
    ;(await limiter.acquire()).settle(answer(0))
    return { limiter, reset }
  }

  const grantTime = (permit: Promise<Permit>): Promise<number> =>
    permit.then((granted) => {
      granted.settle(null)
      return serviceNow()
    })

  it('set back 2 h while a request waits for the window: it goes out when the service’s window resets', async () => {
    const { limiter, reset } = await fullWindow()
    const third = grantTime(limiter.acquire())
    stepWallClock(-HOURS_2)
    const at = await Promise.race([third, sleep(reset - serviceNow() + 3_000).then(() => Infinity)])
    expect(at).toBeGreaterThanOrEqual(reset - 5)
    expect(at).toBeLessThan(Infinity)
  })

  it('set forward 2 h: a request waits for the service’s reset all the same (no 429)', async () => {
    const { limiter, reset } = await fullWindow()
    stepWallClock(HOURS_2)
    const at = await grantTime(limiter.acquire())
    expect(at).toBeGreaterThanOrEqual(reset - 5)
  })
})

describe('a silent lock holder’s heartbeat, with the computer clock set', () => {
  /** A clock whose monotonic side the test moves, and whose wall side (Date.now too) can be stepped. */
  function testClock(): { advance(ms: number): void; step(ms: number): void; wall(): number } {
    let mono = 5_000_000
    let offset = 0
    const start = realDateNow()
    const wall = (): number => start + (mono - 5_000_000) + offset
    const restore = useClock({ monotonicNow: () => mono, wallNow: wall })
    vi.spyOn(Date, 'now').mockImplementation(wall)
    onTestFinished(restore)
    return { advance: (ms) => void (mono += ms), step: (ms) => void (offset += ms), wall }
  }

  let pid = 40_000
  const rules: LivenessRules = { pid: process.pid, host: hostname(), isAlive: () => true, probe: () => Promise.resolve('silent'), staleAfterMs: 15_000 }
  const holder = (touchedAt: number): HeldLock => ({ kind: 'held', pid, host: hostname(), info: {}, key: 'd'.repeat(32), touchedAt })

  it('set back 2 h: a holder that stopped beating goes stale after the bound, not 2 h later', () => {
    pid += 1
    const clock = testClock()
    const last = clock.wall() - 1_000
    expect(judgeSilent(holder(last), rules).kind).toBe('live')
    clock.step(-HOURS_2)
    clock.advance(10_000)
    expect(judgeSilent(holder(last), rules).kind).toBe('live')
    clock.advance(5_000)
    expect(judgeSilent(holder(last), rules).kind).toBe('stale')
  })

  it('set back 2 h: a holder that beats on (its times now earlier) stays live', () => {
    pid += 1
    const clock = testClock()
    expect(judgeSilent(holder(clock.wall()), rules).kind).toBe('live')
    clock.step(-HOURS_2)
    for (let beat = 0; beat < 20; beat++) {
      clock.advance(2_000)
      expect(judgeSilent(holder(clock.wall()), rules).kind).toBe('live')
    }
  })

  it('set forward 2 h: a beating holder seen between two beats is not taken for dead', () => {
    pid += 1
    const clock = testClock()
    const last = clock.wall() - 1_000
    expect(judgeSilent(holder(last), rules).kind).toBe('live')
    clock.step(HOURS_2)
    clock.advance(500)
    expect(judgeSilent(holder(last), rules).kind).toBe('live')
    // Its next beat, on the new time.
    clock.advance(1_500)
    expect(judgeSilent(holder(clock.wall()), rules).kind).toBe('live')
  })
})

describe('the queue’s waits, with the computer clock set', () => {
  let emulator: RunningEmulator
  let started: QueueCore | undefined
  beforeAll(async () => {
    emulator = await startEmulator({ keys: [QUEUE_KEY], now: serviceNow, log: () => {} })
  })
  afterAll(async () => {
    await started?.core.close()
    await emulator.close()
  })

  /**
   * A core signed in to the emulator, its account known, with the wall clock ready to step; its
   * Undo window and retry backoff at test speed (10 s and 2 s in the app), still far from 2 h.
   */
  async function queue(timings: { undoWindowMs?: number; firstRetryMs?: number } = {}): Promise<QueueCore['core']> {
    wallClockCanStep()
    await started?.core.close()
    started = await startQueueCore(emulator, { settings: { baseUrl: emulator.baseUrl }, core: { backgroundSync: false, queue: { undoWindowMs: 3_000, firstRetryMs: 500, ...timings } } })
    const { core } = started
    await vi.waitFor(() => expect(core.connection.accountId).not.toBeNull())
    return core
  }

  const replaceRequests = (): number => emulator.state.requests.filter((entry) => entry.path.startsWith('/api/replace-pdf')).length

  /** A published item, and a confirmed replace of it in its Undo window. */
  async function confirmedReplace(core: QueueCore['core'], name: string): Promise<string> {
    const files = await mkdtemp(join(tmpdir(), 'flipdrop-clock-steps-'))
    const { added } = await core.uploads.enqueuePaths({ paths: [await writePdf(files, `${name}.pdf`)], docType: 'Flipbook', onSameContent: 'new' })
    const view = await until(core, (shown) => shown.jobs.find((job) => job.id === added[0]?.id)?.state === 'done', 20_000)
    const itemId = view.jobs.find((job) => job.id === added[0]?.id)?.result?.itemId ?? -1
    const replace = await core.uploads.replace({ itemId, docType: 'Flipbook', confirmFirst: true, path: await writePdf(files, `${name} v2.pdf`, 2) })
    const id = replace.added[0]?.id ?? ''
    await core.uploads.confirmReplace({ jobId: id })
    return id
  }

  /** Polls on the monotonic clock (the test's own waits must not stall on the step either). */
  async function until(core: QueueCore['core'], done: (view: QueueView) => boolean, timeoutMs: number): Promise<QueueView> {
    const end = performance.now() + timeoutMs
    let view = core.uploads.list()
    while (!done(view) && performance.now() < end) {
      await sleep(25)
      view = core.uploads.list()
    }
    return view
  }

  it('set forward 2 h during an Undo window: nothing is sent before the window passed, and Undo still works', async () => {
    const core = await queue({ undoWindowMs: 4_000 })
    const before = replaceRequests()
    const id = await confirmedReplace(core, 'undo forward')
    stepWallClock(HOURS_2)
    // A job taken as due would be sent at once; the window has a few seconds left for Undo.
    await sleep(1_000)
    expect(replaceRequests()).toBe(before)
    expect(await core.uploads.undo({ jobId: id })).toEqual({ undone: true, reason: null })
  }, 60_000)

  it('set back 2 h during an Undo window: the window is told its countdown again, at the wall time it now ends', async () => {
    // Long enough for the clock's step check (every 2 s) to see the step while the window lasts.
    const undoMs = 6_000
    const core = await queue({ undoWindowMs: undoMs })
    const id = await confirmedReplace(core, 'undo countdown')
    const events = started?.events ?? []
    // Once the queue has said all it had to say about the confirmation.
    await sleep(500)
    const seen = events.length
    stepWallClock(-HOURS_2)
    const endsAt = (): number | null => {
      const told = events.slice(seen).filter((event) => event.channel === 'uploads:changed')
      const until = told.flatMap((event) => (event.payload as QueueChange).jobs).filter((job) => job.id === id).at(-1)?.waiting?.until
      return until ? Date.parse(until) : null
    }
    await vi.waitFor(() => expect(endsAt()).not.toBeNull(), { timeout: undoMs - 1_000, interval: 50 })
    // On the clock as it reads now: a few seconds from now, not 2 h.
    expect((endsAt() ?? 0) - Date.now()).toBeGreaterThan(0)
    expect((endsAt() ?? 0) - Date.now()).toBeLessThanOrEqual(undoMs)
  }, 60_000)

  it('set back 2 h during an Undo window: the replace starts once the window passed, not 2 h later', async () => {
    const core = await queue()
    const id = await confirmedReplace(core, 'undo back')
    stepWallClock(-HOURS_2)
    const view = await until(core, (shown) => shown.jobs.find((job) => job.id === id)?.state === 'done', 3_000 + 15_000)
    expect(view.jobs.find((job) => job.id === id)?.state).toBe('done')
  }, 60_000)

  it('a job waiting to retry after a 503 retries after its backoff, not 2 h later', async () => {
    const core = await queue()
    const files = await mkdtemp(join(tmpdir(), 'flipdrop-clock-steps-'))
    emulator.faults.add({ route: '/api/create-by-file', kind: 'status', status: 503, count: 1 })
    await core.uploads.enqueuePaths({ paths: [await writePdf(files, 'backoff.pdf')], docType: 'Flipbook', onSameContent: 'ask' })
    const failedOnce = (view: QueueView): boolean => jobNamed(view, 'backoff')?.waiting?.reason === 'retry'
    expect(failedOnce(await until(core, failedOnce, 20_000))).toBe(true)
    stepWallClock(-HOURS_2)
    // The first retry comes 0.25 to 0.75 s later (1 to 3 s in the app); generous for a loaded machine, far from 2 h.
    const view = await until(core, (shown) => jobNamed(shown, 'backoff')?.state === 'done', 20_000)
    expect(jobNamed(view, 'backoff')?.state).toBe('done')
    expect([...emulator.state.items.values()].filter((item) => item.name === 'backoff')).toHaveLength(1)
  }, 60_000)
})
