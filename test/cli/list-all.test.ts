import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ItemSummary } from '../../src-shared/domain/service/item'
import { startEmulator, type RunningEmulator, type StoredItem } from '../emulator'
import { cliKit, inGroups, jsonOf } from './cli-test-kit'
import { runCliInProcess } from './in-process-cli'

const KEY = 'fd-cli-list-all-key-5be2c8'
let emulator: RunningEmulator
const { cli } = cliKit(() => emulator, KEY, runCliInProcess)

beforeAll(async () => {
  emulator = await startEmulator({ keys: [KEY], seed: 250, maxItems: 1000, log: () => {} })
})
afterAll(async () => {
  await emulator?.close()
})

interface ListJson {
  items: ItemSummary[]
  total: number | null
  capped: boolean
}

const newestFirst = (items: StoredItem[]): number[] => [...items].sort((a, b) => b.createdMs - a.createdMs || b.id - a.id).map((item) => item.id)
const listRequests = (): number => emulator.state.requests.filter((entry) => entry.path === '/api/list').length

describe('flipdrop list --all', { timeout: 60_000 }, () => {
  it('pages to the end (100 a page, stops at the short page) and lists exactly the emulator\'s items', async () => {
    const before = listRequests()
    const run = await cli(['list', '--all', '--json'])
    expect(run.code).toBe(0)
    expect(run.stderr).toBe('')
    const listed = jsonOf<ListJson>(run)
    expect(listed.total).toBe(250)
    expect(listed.capped).toBe(false)
    expect(listed.items.map((item) => item.id)).toEqual(newestFirst(emulator.state.itemsOf(KEY)))
    expect(listRequests() - before).toBe(3)
  })

  it('the table has every row; a capped page size and filters still reach the end', async () => {
    const [human, capped, reports] = await inGroups([
      () => cli(['list', '--all']),
      () => cli(['list', '--all', '--page-size', '150', '--json']),
      () => cli(['list', '--all', '--folder', 'Reports', '--page-size', '7', '--json'])
    ])
    expect(human.code).toBe(0)
    // Not a terminal: no "Listing…" progress on stderr.
    expect(human.stderr).toBe('')
    expect(human.stdout.split('\n').filter((line) => /^\d+\s+(Flipbook|Document)\s/.test(line))).toHaveLength(250)
    expect(human.stdout).toMatch(/^250 of 250 items$/m)

    const all = jsonOf<ListJson>(capped)
    expect(all.capped).toBe(true)
    expect(all.items.map((item) => item.id)).toEqual(newestFirst(emulator.state.itemsOf(KEY)))

    const inReports = emulator.state.itemsOf(KEY).filter((item) => item.folder === 'Reports')
    expect(inReports.length).toBeGreaterThan(7)
    const filtered = jsonOf<ListJson>(reports)
    expect(filtered.total).toBe(inReports.length)
    expect(filtered.items.map((item) => item.id)).toEqual(newestFirst(inReports))
  })
})
