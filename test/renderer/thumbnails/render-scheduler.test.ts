import { describe, expect, it } from 'vitest'
import { RenderScheduler } from '../../../src-renderer/src/thumbnails/render-scheduler'

/** A render the test finishes by hand, recording when it started and whether it was aborted. */
interface Pending {
  key: string
  signal: AbortSignal
  finish: (value: string) => void
}

function harness(concurrency: number) {
  const started: Pending[] = []
  let pauses = 0
  const scheduler = new RenderScheduler<string>({
    concurrency,
    pause: () => {
      pauses++
      return new Promise((resolve) => setTimeout(resolve, 0))
    }
  })
  const run = (key: string) => (signal: AbortSignal) =>
    new Promise<string>((resolve) => {
      started.push({ key, signal, finish: resolve })
    })
  /** Lets the scheduler's pauses and promise callbacks run. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 5))
  return { scheduler, run, started, settle, pauses: () => pauses }
}

describe('the thumbnail render scheduler', () => {
  it('runs at most `concurrency` renders at once, pausing before each, and goes on as they finish', async () => {
    const { scheduler, run, started, settle, pauses } = harness(2)
    const tickets = ['a', 'b', 'c', 'd'].map((key) => scheduler.request(key, run(key), true))
    await settle()
    expect(started.map((render) => render.key)).toEqual(['a', 'b'])
    expect(scheduler.running).toBe(2)
    expect(scheduler.waiting).toBe(2)
    started[0]?.finish('A')
    await expect(tickets[0]?.result).resolves.toBe('A')
    await settle()
    expect(started.map((render) => render.key)).toEqual(['a', 'b', 'c'])
    expect(pauses()).toBeGreaterThanOrEqual(3)
  })

  it('renders what is on screen first, whatever the order it was asked in', async () => {
    const { scheduler, run, started, settle } = harness(1)
    scheduler.request('first', run('first'), true)
    const offScreen = scheduler.request('scrolled-away', run('scrolled-away'), true)
    offScreen.setVisible(false)
    scheduler.request('visible-later', run('visible-later'), true)
    const comingIntoView = scheduler.request('coming-into-view', run('coming-into-view'), false)
    await settle()
    expect(started.map((render) => render.key)).toEqual(['first'])
    comingIntoView.setVisible(true)
    for (const expected of ['visible-later', 'coming-into-view', 'scrolled-away']) {
      started.at(-1)?.finish('done')
      await settle()
      expect(started.at(-1)?.key).toBe(expected)
    }
  })

  it('shares one render between requests for the same key, and drops it only when all let go', async () => {
    const { scheduler, run, started, settle } = harness(1)
    const blocker = scheduler.request('blocker', run('blocker'), true)
    const one = scheduler.request('same', run('same'), true)
    const two = scheduler.request('same', run('same'), false)
    one.release()
    await settle()
    started[0]?.finish('done')
    await blocker.result
    await settle()
    // `two` still holds it (off screen, but wanted): it runs, once.
    expect(started.map((render) => render.key)).toEqual(['blocker', 'same'])
    started[1]?.finish('S')
    await expect(two.result).resolves.toBe('S')
  })

  it('a waiting render let go never runs; a running one is aborted; both reject with AbortError', async () => {
    const { scheduler, run, started, settle } = harness(1)
    const running = scheduler.request('running', run('running'), true)
    const waiting = scheduler.request('waiting', run('waiting'), true)
    await settle()
    waiting.release()
    await expect(waiting.result).rejects.toMatchObject({ name: 'AbortError' })
    running.release()
    expect(started[0]?.signal.aborted).toBe(true)
    started[0]?.finish('too late')
    await settle()
    expect(started.map((render) => render.key)).toEqual(['running'])
    expect(scheduler.running + scheduler.waiting).toBe(0)
    // Asking again after letting go starts a fresh render rather than joining the aborted one.
    const again = scheduler.request('running', run('running'), true)
    await settle()
    expect(started.map((render) => render.key)).toEqual(['running', 'running'])
    expect(started[1]?.signal.aborted).toBe(false)
    started[1]?.finish('R')
    await expect(again.result).resolves.toBe('R')
  })

  it('a render that fails rejects its ticket and frees its slot', async () => {
    const scheduler = new RenderScheduler<string>({ concurrency: 1, pause: () => Promise.resolve() })
    const failing = scheduler.request('bad', () => Promise.reject(new Error('Invalid PDF structure.')), true)
    const next = scheduler.request('good', () => Promise.resolve('G'), true)
    await expect(failing.result).rejects.toThrow('Invalid PDF structure.')
    await expect(next.result).resolves.toBe('G')
  })
})
