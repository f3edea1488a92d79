import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from '../emulator'
import { cliKit, jsonOf, patchItem } from './cli-test-kit'
import { runCliInProcess } from './in-process-cli'

/* `flipdrop stats`: readers' numbers from the history FlipDrop keeps, against the emulator whose admin API changes the counts. */

const KEY = 'fd-cli-stats-key-31c7e2'
const OTHER_KEY = 'fd-cli-stats-key-other-55a0'
let emulator: RunningEmulator
let dataDir: string
const { cli } = cliKit(() => emulator, KEY, runCliInProcess)

interface StatsJson {
  since: string
  items: {
    id: number
    name: string
    url: string | null
    views: number
    leads: number
    sales: number
    approvals: number
    delta: { views: number; leads: number; sales: number; approvals: number } | null
    samples: number
    firstSample: string
  }[]
}

const ISO_WITH_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/

beforeAll(async () => {
  emulator = await startEmulator({ keys: [KEY, OTHER_KEY], seed: false, log: () => {} })
  await emulator.seed(4, KEY)
  await emulator.seed(2, OTHER_KEY)
  dataDir = await mkdtemp(join(tmpdir(), 'flipdrop-cli-stats-'))
})
afterAll(async () => {
  await emulator?.close()
})

/** The command in the one data folder of this file: its history carries over from run to run. */
const stats = (args: string[], key = KEY) => cli(['stats', ...args], { extra: { FLIPDROP_DATA_DIR: dataDir, FLIPDROP_API_KEY: key } })

describe('flipdrop stats', { timeout: 60_000 }, () => {
  it('counts with --refresh, tells each change over the period, gaps as null, as JSON and CSV', async () => {
    const before = await stats(['--json'])
    expect(before.code).toBe(0)
    expect(jsonOf<StatsJson>(before).items).toEqual([])
    const never = await stats([])
    expect(never.stdout).toContain('FlipDrop has not counted views and leads yet')

    const [a, b] = emulator.state.itemsOf(KEY)
    if (!a || !b) throw new Error('no items')
    await patchItem(emulator.baseUrl, a.id, { NoOfViews: 100, NoOfLeads: 2 })
    await patchItem(emulator.baseUrl, b.id, { NoOfViews: 40, NoOfLeads: 0 })
    const first = jsonOf<StatsJson>(await stats(['--refresh', '--json']))
    expect(first.since).toMatch(ISO_WITH_TIME)
    expect(first.items).toHaveLength(4)
    // Counted once, in the period: no change yet, and never an invented one.
    expect(first.items.find((item) => item.id === a.id)).toMatchObject({ views: 100, leads: 2, delta: { views: 0, leads: 0, sales: 0, approvals: 0 }, samples: 1 })
    expect(Object.keys(first.items[0] ?? {})).toEqual(['id', 'name', 'url', 'views', 'leads', 'sales', 'approvals', 'delta', 'samples', 'firstSample'])
    expect(first.items[0]?.firstSample).toMatch(ISO_WITH_TIME)

    await patchItem(emulator.baseUrl, a.id, { NoOfViews: 124, NoOfLeads: 5 })
    await patchItem(emulator.baseUrl, b.id, { NoOfViews: 90 })
    const second = jsonOf<StatsJson>(await stats(['--refresh', '--json']))
    // Largest change of views first.
    expect(second.items.slice(0, 2).map((item) => [item.id, item.delta?.views])).toEqual([
      [b.id, 50],
      [a.id, 24]
    ])
    expect(second.items.find((item) => item.id === a.id)).toMatchObject({ views: 124, leads: 5, delta: { views: 24, leads: 3 }, samples: 2 })
    const byLeads = jsonOf<StatsJson>(await stats(['--sort', 'leads', '--limit', '1', '--json']))
    expect(byLeads.items.map((item) => item.id)).toEqual([a.id])

    // One item by its ID, from the history alone.
    const one = jsonOf<StatsJson>(await stats([String(b.id), '--json']))
    expect(one.items).toHaveLength(1)
    expect(one.items[0]).toMatchObject({ id: b.id, views: 90, delta: { views: 50 } })

    // A period after the last count: nothing counted in it, so no change is known (null, never 0).
    await sleep(1100)
    const since = new Date(Date.now() - 500).toISOString()
    const gap = jsonOf<StatsJson>(await stats(['--since', since, '--json']))
    expect(gap.items.map((item) => item.delta)).toEqual([null, null, null, null])
    expect(gap.items.map((item) => item.samples)).toEqual([0, 0, 0, 0])

    const csv = await stats(['--csv'])
    expect(csv.code).toBe(0)
    const lines = csv.stdout.trimEnd().split('\n')
    expect(lines[0]).toBe('id,name,url,views,leads,sales,approvals,delta_views,delta_leads,delta_sales,delta_approvals,samples,firstSample')
    expect(lines).toHaveLength(5)
    const row = lines.find((line) => line.startsWith(`${a.id},`))?.split(',') ?? []
    expect(row.slice(3, 5)).toEqual(['124', '5'])
    expect(row.slice(7, 9)).toEqual(['24', '3'])
    expect(row.at(-1)).toMatch(ISO_WITH_TIME)
    const gapCsv = await stats(['--csv', '--since', since])
    expect(gapCsv.stdout.trimEnd().split('\n')[1]?.split(',').slice(7, 11)).toEqual(['', '', '', ''])

    const human = await stats([])
    expect(human.code).toBe(0)
    expect(human.stdout).toMatch(/\+50/)
    expect(human.stdout).toContain('FlipDrop has counted since')
  })

  it("keeps each account's numbers apart", async () => {
    const other = jsonOf<StatsJson>(await stats(['--refresh', '--json'], OTHER_KEY))
    const theirs = new Set(emulator.state.itemsOf(OTHER_KEY).map((item) => item.id))
    expect(other.items.map((item) => item.id).sort()).toEqual([...theirs].sort())
    const mine = jsonOf<StatsJson>(await stats(['--json']))
    expect(mine.items.some((item) => theirs.has(item.id))).toBe(false)
  })

  it('says what is wrong with its flags, and names an item it never counted', async () => {
    const [since, future, both, sort, unknown] = await Promise.all([
      stats(['--since', 'last week']),
      stats(['--since', '2999-01-01']),
      stats(['--json', '--csv']),
      stats(['--sort', 'pages']),
      stats(['999999', '--json'])
    ])
    expect(since.code).toBe(2)
    expect(since.stderr).toContain('--since takes 7d, 30d, 90d or an ISO date')
    expect(future.code).toBe(2)
    expect(future.stderr).toContain('still to come')
    expect(both.code).toBe(2)
    expect(sort.code).toBe(2)
    expect(sort.stderr).toContain('--sort takes views or leads')
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toContain('FlipDrop has not counted item 999999 yet')
  })
})
