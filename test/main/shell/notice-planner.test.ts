import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Notice } from '../../../src-main/shell/desktop-wording'
import type { AccountEntry } from '../../../src-shared/domain/auth'
import { accountNoticeName, FAILURE_COALESCE_MS, NoticePlanner, withAccounts } from '../../../src-main/shell/notice-planner'
import type { MirroredJob } from '../../../src-main/shell/queue-mirror'

const failed = (id: string): MirroredJob => ({
  id,
  name: id,
  state: 'failed',
  paused: false,
  waiting: null,
  accountId: null,
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

const entry = (userId: string, fields: Partial<AccountEntry> = {}): AccountEntry => ({
  userId, name: null, email: null, brand: null, profileImage: null, current: false, signedIn: true, storage: 'keychain', problem: null, ...fields
})
const northwind = entry('U-1', { brand: 'Northwind', name: 'Dana', email: 'dana@northwind.example', current: true })
const acme = entry('U-2', { brand: 'Acme', name: 'Lee', email: 'lee@acme.example' })

describe('notices name the account only when more than one is signed in', () => {
  it('accountNoticeName: null with one signed in; the brand with several; the full label when two share a brand', () => {
    expect(accountNoticeName([northwind], 'U-1')).toBeNull()
    expect(accountNoticeName([northwind, { ...acme, signedIn: false }], 'U-1')).toBeNull()
    expect(accountNoticeName([northwind, acme], 'U-1')).toBe('Northwind')
    expect(accountNoticeName([northwind, acme], 'U-2')).toBe('Acme')
    expect(accountNoticeName([northwind, acme], null)).toBeNull()
    expect(accountNoticeName([northwind, acme], 'U-unknown')).toBeNull()
    const twin = entry('U-3', { brand: 'Northwind', name: 'Sam', email: 'sam@northwind.example' })
    expect(accountNoticeName([northwind, twin], 'U-3')).toBe('Northwind (sam@northwind.example)')
    expect(accountNoticeName([entry('U-4', { name: 'Ana' }), entry('U-5', { email: 'x@y.example' })], 'U-4')).toBe('Ana')
  })

  function plannerWith(accounts: AccountEntry[], jobAccounts: Record<string, string>) {
    const shown: Notice[] = []
    const planner = new NoticePlanner({
      show: (notice) => shown.push(notice),
      setTimer: (callback, ms) => {
        const timer = setTimeout(callback, ms)
        return () => clearTimeout(timer)
      },
      accountOf: (jobId) => accountNoticeName(accounts, jobAccounts[jobId] ?? null)
    })
    return { shown, planner }
  }

  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('one PDF published to one of several accounts: "Published to Northwind: “brochure”"', () => {
    const { shown, planner } = plannerWith([northwind, acme], { brochure: 'U-1' })
    planner.take({ failed: [], settled: { published: [done('brochure')], failed: [] } })
    expect(shown).toEqual([
      { title: 'Published to Northwind: “brochure”', body: '“brochure” is online. Click to see it in FlipDrop.', jobId: 'brochure', copyLink: 'https://x.example/brochure' }
    ])
  })

  it('a batch of one account says it in the title; failures gathered together too', () => {
    const { shown, planner } = plannerWith([northwind, acme], { a: 'U-2', b: 'U-2', c: 'U-2', x: 'U-1', y: 'U-1' })
    planner.take({ failed: [], settled: { published: [done('a'), done('b')], failed: [] } })
    planner.take({ failed: [], settled: { published: [done('a')], failed: [failed('c')] } })
    planner.take({ failed: [], settled: { published: [], failed: [failed('c')] } })
    planner.take({ failed: [failed('x'), failed('y')], settled: null })
    vi.advanceTimersByTime(FAILURE_COALESCE_MS)
    planner.take({ failed: [failed('x')], settled: null })
    vi.advanceTimersByTime(FAILURE_COALESCE_MS)
    expect(shown.map((notice) => notice.title)).toEqual([
      '2 PDFs published to Acme',
      'Acme: 1 published, 1 failed',
      '“c” could not be published to Acme',
      '2 PDFs could not be published to Northwind',
      '“x” could not be published to Northwind'
    ])
    // The bodies stay as they were: names and reasons.
    expect(shown[2]?.body).toBe('c broke')
  })

  it('a batch that went to several accounts names them in the body, and the title stays', () => {
    const { shown, planner } = plannerWith([northwind, acme], { a: 'U-1', b: 'U-2' })
    planner.take({ failed: [], settled: { published: [done('a'), done('b')], failed: [] } })
    expect(shown).toEqual([{ title: '2 PDFs published', body: '“a” and “b” are online. Accounts: Northwind and Acme.', jobId: 'b', copyLink: null }])
  })

  it('with one account signed in, the words are exactly as before', () => {
    const { shown, planner } = plannerWith([northwind], { a: 'U-1' })
    planner.take({ failed: [], settled: { published: [done('a')], failed: [] } })
    expect(shown.map((notice) => notice.title)).toEqual(['1 PDF published'])
  })

  it('withAccounts leaves a notice alone when no job has a named account, and a lookup that throws names none', () => {
    const notice: Notice = { title: 't', body: 'b', jobId: 'a', copyLink: null }
    expect(withAccounts(notice, { published: [done('a')], failed: [] }, () => null)).toBe(notice)
    const shown: Notice[] = []
    const planner = new NoticePlanner({
      show: (next) => shown.push(next),
      setTimer: () => () => undefined,
      accountOf: () => {
        throw new Error('core not ready')
      }
    })
    planner.take({ failed: [], settled: { published: [done('a')], failed: [] } })
    expect(shown.map((next) => next.title)).toEqual(['1 PDF published'])
  })
})
