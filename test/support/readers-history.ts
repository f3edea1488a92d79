import { readersFolder, ReadersStore, type CountedItem } from '../../src-main/core/readers/readers-store'
import type { RunningEmulator } from '../emulator'

const DAY = 86_400_000
const quiet = { info: () => {}, warn: () => {}, error: () => {} }

/** A repeatable 0..1 sequence (mulberry32): the same history on every run. */
function sequence(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

/**
 * Writes `days` days of daily counts for every item of a key's account into a data folder, as
 * FlipDrop would have kept them, ending a day before `now` at or below the service's counts
 * (the first sync adds today's). Three days are left out (the computer was off: gaps), and the
 * most viewed item got most of its views in the last week (it is rising). For the demo and
 * the e2e tests: the data folder must not be held by a running core yet.
 */
export async function seedReadersHistory(
  dataDir: string,
  emulator: Pick<RunningEmulator, 'state'>,
  key: string,
  options: { days?: number; now?: number } = {}
): Promise<{ userId: string; items: number }> {
  const account = emulator.state.accountOf(key)
  if (!account) throw new Error(`the emulator has no account for ${key}`)
  const days = options.days ?? 120
  const now = options.now ?? Date.now()
  const items = emulator.state.itemsOf(key).filter((item) => !item.isTemplate)
  const risingId = [...items].sort((a, b) => b.views - a.views)[0]?.id
  const random = sequence(Number(account.userId))
  const store = await ReadersStore.open(readersFolder(dataDir, account.userId), quiet)
  for (let ago = days; ago >= 1; ago--) {
    // The computer was off three weeks ago: nothing counted then.
    if (ago >= 19 && ago <= 21) continue
    const counted: CountedItem[] = []
    for (const item of items) {
      // An item counts from the day it was made (or the first day of the history).
      if (item.createdMs > now - ago * DAY) continue
      const share = item.id === risingId ? (ago <= 7 ? 0.4 + (0.6 * (7 - ago)) / 7 : (0.4 * (days - ago)) / days) : ((days - ago) / days) ** (1 + random() * 0.5)
      counted.push({
        docType: item.docType,
        id: item.id,
        name: item.name,
        url: null,
        counts: { views: Math.floor(item.views * 0.97 * share), leads: Math.floor(item.leads * share), sales: 0, approvals: 0 }
      })
    }
    await store.record(now - ago * DAY, counted)
  }
  await store.close()
  return { userId: account.userId, items: items.length }
}
