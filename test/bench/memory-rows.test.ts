import { describe, expect, it } from 'vitest'
import { parseBareNode, parseMainMemory } from './main-memory-reading'
import { mainMemoryRows, rendererMemoryRows } from './memory-rows'
import type { PageMemory, RendererMemory } from './renderer-memory-bench'

const MIB = 1024 * 1024
const reading = (heap: number, rss: number): { heapUsedBytes: number; rssBytes: number; externalBytes: number } => ({
  heapUsedBytes: heap * MIB,
  rssBytes: rss * MIB,
  externalBytes: 0
})
const childLine = (afterGcHeap: number): string =>
  JSON.stringify({ baseline: reading(5, 70), afterStart: reading(120, 250), afterGc: reading(afterGcHeap, 210), openedMs: 900, items: 10_000, jobs: 10_000, accounts: 2 })

describe('memory bench: reading the main child', () => {
  it('takes the last line as the result, in MiB', () => {
    const main = parseMainMemory(`a warning\n${childLine(58.5)}\n`)
    expect(main.afterGc).toEqual({ heapMiB: 58.5, rssMiB: 210 })
    expect(main.afterStart).toEqual({ heapMiB: 120, rssMiB: 250 })
    expect(main).toMatchObject({ items: 10_000, jobs: 10_000, accounts: 2 })
  })

  it('refuses output without a well-formed result line', () => {
    expect(() => parseMainMemory('')).toThrow(/no result line/)
    expect(() => parseMainMemory('{"baseline":{}}')).toThrow(/no result line/)
    expect(() => parseBareNode('not json')).toThrow(/no reading/)
  })
})

describe('memory bench: rows against the budgets', () => {
  const bare = parseBareNode(JSON.stringify(reading(2.5, 40)))

  it('passes main at 80 MiB of heap after GC and misses it above', () => {
    expect(mainMemoryRows(parseMainMemory(childLine(80)), bare)[0]?.ok).toBe(true)
    expect(mainMemoryRows(parseMainMemory(childLine(80.5)), bare)[0]?.ok).toBe(false)
    expect(mainMemoryRows(parseMainMemory(childLine(58.5)), bare)[0]?.ratio).toBe('23.4')
  })

  const page = (heapMiB: number, nodes = 1400, listeners = 270): PageMemory => ({ heapMiB, nodes, listeners })
  const renderer = (over: Partial<RendererMemory>): RendererMemory => ({
    items: 10_000,
    library: page(12),
    afterOneRound: page(12),
    afterRounds: page(13),
    rounds: 10,
    blank: page(0.5, 4, 0),
    ...over
  })

  it('holds the renderer to 40 MiB with the library shown', () => {
    expect(rendererMemoryRows(renderer({ library: page(40) }))[0]?.ok).toBe(true)
    expect(rendererMemoryRows(renderer({ library: page(41) }))[0]?.ok).toBe(false)
  })

  it('misses when the heap grows more than 10 % over the visits, or nodes or listeners grow at all', () => {
    expect(rendererMemoryRows(renderer({ afterRounds: page(13.1) }))[1]?.ok).toBe(true)
    expect(rendererMemoryRows(renderer({ afterRounds: page(13.3) }))[1]?.ok).toBe(false)
    expect(rendererMemoryRows(renderer({ afterRounds: page(12, 1401) }))[1]?.ok).toBe(false)
    expect(rendererMemoryRows(renderer({ afterRounds: page(12, 1400, 271) }))[1]?.ok).toBe(false)
  })
})
