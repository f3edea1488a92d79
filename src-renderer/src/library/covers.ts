import { ref, shallowReactive } from 'vue'
import type { Unsubscribe } from '../../../src-shared/contract/bridge'
import { bridge } from '../bridge'

/*
 * Covers come from main (library:cover: the data folder, or main's own fetch through the
 * service's proxy) as bytes; the page shows them from blob: URLs it makes itself. Only tiles
 * on screen ask, a few at a time, newest asks first; the blobs are kept in memory up to a
 * bound, least recently shown dropped first (and their URLs revoked).
 */

/** Covers held at once: a few screens of a 10,000-item grid. */
const MAX_HELD = 500
/** About 25 KB a cover: a bound on memory whatever the covers weigh. */
const MAX_HELD_BYTES = 32 * 1024 * 1024
/** Asks to main in flight at once. */
const ASKS_AT_ONCE = 6
/** Asks waiting beyond this are dropped, oldest first: their tiles have scrolled away (a tile asks again when shown). */
const MAX_WAITING = 120
/** A cover main could not give is not asked for again before this (offline, no thumbnail yet). */
const MISS_RETRY_MS = 30_000
/**
 * Asks wait for the grid to settle this long: while it scrolls fast, tiles come and go every
 * frame, and covers loading under the scroll (main reading or fetching them, the page
 * decoding them) cost frames (bench: scroll frame rate) for tiles nobody sees. A scroll slow
 * enough to look at covers leaves such pauses between rows.
 */
const PUMP_QUIET_MS = 80

/** Blob URLs by item key; reactive per key, so a cover arriving redraws only its own tiles. */
const ready = shallowReactive(new Map<string, string>())
/** Sizes in least-recently-shown order (not reactive: touched while rendering). */
const held = new Map<string, number>()
let heldBytes = 0
/** When a cover could not be had, on the monotonic clock (a clock set back must not stop retries). */
const missedAt = new Map<string, number>()
/** Keys main had no cover for at the last ask: reactive, for a view that says so instead of waiting on. */
const missing = shallowReactive(new Set<string>())
const asked = new Set<string>()
const waiting: string[] = []
let inFlight = 0
let pumpTimer: ReturnType<typeof setTimeout> | null = null
/** Read only by tiles without a cover: bumped when it is worth asking again. */
const missGeneration = ref(0)
let stopFollowing: Unsubscribe | null = null

function release(key: string): void {
  const url = ready.get(key)
  if (url !== undefined) {
    URL.revokeObjectURL(url)
    ready.delete(key)
  }
  heldBytes -= held.get(key) ?? 0
  held.delete(key)
}

function keep(key: string, blob: Blob): void {
  release(key)
  ready.set(key, URL.createObjectURL(blob))
  held.set(key, blob.size)
  heldBytes += blob.size
  while (held.size > MAX_HELD || heldBytes > MAX_HELD_BYTES) {
    const oldest = held.keys().next().value
    if (oldest === undefined || oldest === key) break
    release(oldest)
  }
}

async function load(key: string): Promise<void> {
  const reply = await bridge().library.cover({ key })
  if (!reply.ok || reply.value === null) {
    missedAt.set(key, performance.now())
    missing.add(key)
    return
  }
  missing.delete(key)
  // Copied into a buffer of its own: a Blob takes ArrayBuffer-backed bytes.
  keep(key, new Blob([new Uint8Array(reply.value.bytes)], { type: reply.value.type }))
}

function pump(): void {
  while (inFlight < ASKS_AT_ONCE && waiting.length > 0) {
    // Newest first: the tiles asked last are the ones on screen now.
    const key = waiting.pop()
    if (key === undefined) break
    inFlight += 1
    void load(key)
      .catch(() => {
        missedAt.set(key, performance.now())
        missing.add(key)
      })
      .finally(() => {
        inFlight -= 1
        asked.delete(key)
        pump()
      })
  }
}

function ask(key: string): void {
  if (asked.has(key) || performance.now() - (missedAt.get(key) ?? -Infinity) < MISS_RETRY_MS) return
  asked.add(key)
  waiting.push(key)
  if (waiting.length > MAX_WAITING) {
    const dropped = waiting.shift()
    if (dropped !== undefined) asked.delete(dropped)
  }
  schedulePump()
}

/** Never while rendering, and once asks have stopped coming for a moment (see PUMP_QUIET_MS). */
function schedulePump(): void {
  if (pumpTimer !== null) clearTimeout(pumpTimer)
  pumpTimer = setTimeout(() => {
    pumpTimer = null
    pump()
  }, PUMP_QUIET_MS)
}

/** Main kept or dropped covers (a new first page, an item gone): those shown are asked for again. */
function follow(): void {
  stopFollowing ??= bridge().library.onCoversChanged(({ keys }) => {
    for (const key of keys) {
      release(key)
      missedAt.delete(key)
      missing.delete(key)
    }
    missGeneration.value += 1
  })
}

/** The network is back or a sync ended: tiles still without a cover ask once more. */
export function askAgainForMissingCovers(): void {
  missedAt.clear()
  missing.clear()
  missGeneration.value += 1
}

/**
 * The cover of a library item by its key (`Flipbook:12`), for any view (the replace
 * confirmation shows the cover it is about to change): a `blob:` URL once main gave it,
 * else null (a placeholder shows) while it is asked for. Reactive: a cover arriving redraws
 * whoever asked.
 */
export function useCovers(): { srcFor(key: string): string | null; missed(key: string): boolean } {
  follow()
  return {
    /** Main had no cover for it when last asked (no thumbnail yet, offline): a view says so rather than wait. */
    missed: (key) => missing.has(key),
    srcFor(key) {
      const url = ready.get(key)
      if (url !== undefined) {
        // Shown again: the most recently shown.
        const size = held.get(key) ?? 0
        held.delete(key)
        held.set(key, size)
        return url
      }
      void missGeneration.value
      ask(key)
      return null
    }
  }
}
