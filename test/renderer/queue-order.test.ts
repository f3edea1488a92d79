import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Envelope } from '../../src-shared/contract/errors'
import type { QueueChange } from '../../src-shared/domain/queue'
import QueueList from '../../src-renderer/src/components/publish/QueueList.vue'
import { replayMoves } from '../../src-renderer/src/publish/reorder'
import { useQueueStore } from '../../src-renderer/src/stores/queue-store'
import { fileJob, queueView } from '../main/shell/queue-views'
import { installBridge } from './fake-main'

interface HeldMove {
  input: { jobId: string; toIndex: number }
  answer: (reply: Envelope<unknown>) => void
}

/**
 * Main's side for these tests: it lists `initial` and holds every move's answer until the
 * test gives it, standing for a main process (or a loaded machine) that answers late.
 */
function installMain(initial: string[]) {
  const moves: HeldMove[] = []
  const { fire } = installBridge((channel, input) => {
    if (channel === 'uploads:list') return { ok: true, value: queueView(initial.map((id) => fileJob(id, 'queued'))) }
    if (channel === 'uploads:move') return new Promise((resolve) => moves.push({ input: input as HeldMove['input'], answer: resolve }))
    return { ok: true, value: undefined }
  })
  const changed = (order: string[]): void => {
    const change: QueueChange = { jobs: [], removed: [], order, paused: false }
    fire('uploads:changed', change)
  }
  /** Main's answer to a move: its whole queue, in its order after the move. */
  const moved = (order: string[]): Envelope<unknown> => ({ ok: true, value: queueView(order.map((id) => fileJob(id, 'queued'))) })
  return { moves, changed, moved }
}

const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0))
const frame = (): Promise<void> => new Promise((resolve) => requestAnimationFrame(() => resolve()))

beforeEach(() => setActivePinia(createPinia()))

describe('replayMoves', () => {
  it('applies moves in turn as main does, and a move already applied changes nothing', () => {
    expect(replayMoves(['a', 'b', 'c'], [{ jobId: 'a', toIndex: 1 }])).toEqual(['b', 'a', 'c'])
    expect(replayMoves(['b', 'a', 'c'], [{ jobId: 'a', toIndex: 1 }])).toEqual(['b', 'a', 'c'])
    expect(replayMoves(['a', 'b', 'c'], [{ jobId: 'a', toIndex: 2 }, { jobId: 'c', toIndex: 0 }])).toEqual(['c', 'b', 'a'])
    expect(replayMoves(['a', 'b'], [{ jobId: 'gone', toIndex: 0 }, { jobId: 'b', toIndex: 9 }])).toEqual(['a', 'b'])
  })
})

describe('the queue order in the window', () => {
  it('an order main told before it applied a move does not undo the move shown, nor one still under way', async () => {
    const main = installMain(['a', 'b', 'c'])
    const queue = useQueueStore()
    await queue.load()
    const stop = queue.follow()

    const first = queue.move('a', 1)
    expect(queue.order).toEqual(['b', 'a', 'c'])
    // Sent by main before it took the move (an upload finishing, jobs added): the old order.
    main.changed(['a', 'b', 'c'])
    expect(queue.order).toEqual(['b', 'a', 'c'])

    const second = queue.move('c', 0)
    expect(queue.order).toEqual(['c', 'b', 'a'])
    main.moves[0]?.answer(main.moved(['b', 'a', 'c']))
    await first
    expect(queue.order).toEqual(['c', 'b', 'a'])
    // The event of the first move comes after its answer (main tells changes in batches).
    main.changed(['b', 'a', 'c'])
    expect(queue.order).toEqual(['c', 'b', 'a'])

    main.moves[1]?.answer(main.moved(['c', 'b', 'a']))
    await second
    main.changed(['c', 'b', 'a'])
    expect(queue.order).toEqual(['c', 'b', 'a'])
    expect(main.moves.map((move) => move.input)).toEqual([{ jobId: 'a', toIndex: 1 }, { jobId: 'c', toIndex: 0 }])
    stop()
  })

  it("a refused move shows main's order again, with the error", async () => {
    const main = installMain(['a', 'b', 'c'])
    const queue = useQueueStore()
    await queue.load()
    const moving = queue.move('c', 0)
    expect(queue.order).toEqual(['c', 'a', 'b'])
    main.moves[0]?.answer({ ok: false, error: { code: 'not-found', message: 'That upload is no longer in the queue.' } })
    expect(await moving).toBe('That upload is no longer in the queue.')
    expect(queue.order).toEqual(['a', 'b', 'c'])
    expect(queue.error).toBe('That upload is no longer in the queue.')
  })

  it('keys pressed while a move is unanswered act on the list as shown; the late answer does not take focus back', async () => {
    const main = installMain(['one', 'two', 'three'])
    const queue = useQueueStore()
    await queue.load()
    // happy-dom lays nothing out: a scroller of some height lets the virtual list render its rows.
    const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight')
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 })
    const wrapper = mount(QueueList, { attachTo: document.body })
    try {
      await settle()
      const row = (name: string): HTMLElement | null => document.querySelector<HTMLElement>(`[data-job-id="${name}"]`)
      const focused = (): string | null => (document.activeElement as HTMLElement | null)?.dataset['jobId'] ?? null
      const press = async (key: string, altKey = false): Promise<void> => {
        document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key, altKey, bubbles: true, cancelable: true }))
        await settle()
        await frame()
      }
      row('one')?.focus()
      expect(focused()).toBe('one')

      await press('ArrowDown', true)
      expect(queue.order).toEqual(['two', 'one', 'three'])
      expect(focused()).toBe('one')
      // The move is not answered yet: the next key goes on from where focus is now.
      await press('ArrowDown')
      expect(focused()).toBe('three')
      main.moves[0]?.answer(main.moved(['two', 'one', 'three']))
      await settle()
      await frame()
      expect(focused()).toBe('three')

      await press('ArrowUp', true)
      expect(main.moves.map((move) => move.input)).toEqual([{ jobId: 'one', toIndex: 1 }, { jobId: 'three', toIndex: 1 }])
      expect(queue.order).toEqual(['two', 'three', 'one'])
      expect(focused()).toBe('three')
    } finally {
      wrapper.unmount()
      if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight)
    }
  })
})
