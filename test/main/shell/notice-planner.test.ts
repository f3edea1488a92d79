import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Notice } from '../../../src-main/shell/desktop-wording'
import { FAILURE_COALESCE_MS, NoticePlanner } from '../../../src-main/shell/notice-planner'
import type { MirroredJob } from '../../../src-main/shell/queue-mirror'

const failed = (id: string): MirroredJob => ({
  id,
  name: id,
  state: 'failed',
  paused: false,
  bytesTotal: 1,
  bytesSent: 1,
  url: null,
  failure: `${id} broke`
})
const done = (id: string): MirroredJob => ({ ...failed(id), state: 'done', failure: null, url: `https://x.example/${id}` })

describe('NoticePlanner', () => {
  let shown: Notice[]
  let planner: NoticePlanner
  beforeEach(() => {
    vi.useFakeTimers()
    shown = []
    planner = new NoticePlanner({
      show: (notice) => shown.push(notice),
      setTimer: (callback, ms) => {
        const timer = setTimeout(callback, ms)
        return () => clearTimeout(timer)
      }
    })
  })
  afterEach(() => vi.useRealTimers())

  it('tells failures that happen together in one notification', () => {
    planner.take({ failed: [failed('a')], settled: null })
    vi.advanceTimersByTime(FAILURE_COALESCE_MS / 2)
    planner.take({ failed: [failed('b')], settled: null })
    expect(shown).toEqual([])
    vi.advanceTimersByTime(FAILURE_COALESCE_MS)
    expect(shown.map((notice) => notice.title)).toEqual(['2 PDFs could not be published'])
    planner.take({ failed: [failed('c')], settled: null })
    vi.advanceTimersByTime(FAILURE_COALESCE_MS)
    expect(shown.map((notice) => notice.title)).toEqual(['2 PDFs could not be published', '“c” could not be published'])
  })

  it('lets the batch summary replace a failure notice still waiting', () => {
    planner.take({ failed: [failed('b')], settled: null })
    planner.take({ failed: [], settled: { published: [done('a')], failed: [failed('b')] } })
    vi.advanceTimersByTime(FAILURE_COALESCE_MS * 2)
    expect(shown.map((notice) => notice.title)).toEqual(['1 published, 1 failed'])
  })

  it('says nothing for changes that are no news, or after it is disposed', () => {
    planner.take({ failed: [], settled: null })
    planner.take({ failed: [failed('a')], settled: null })
    planner.dispose()
    vi.advanceTimersByTime(FAILURE_COALESCE_MS * 2)
    expect(shown).toEqual([])
  })
})
