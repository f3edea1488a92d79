import type { MainMemory } from './main-memory-reading'
import type { RendererMemory } from './renderer-memory-bench'

import type { BenchRow } from './bench-row'

export type { BenchRow }

/** Issue 28's budgets. */
export const MEMORY_BUDGETS = {
  /** Main's heap after start and GC, in MiB. */
  mainHeapMiB: 80,
  /** The renderer's heap with the library shown, in MiB. */
  rendererHeapMiB: 40,
  /** Growth of the renderer's heap over the visits, as a share of where it started. */
  rendererGrowth: 0.1
} as const

const mib = (value: number): string => `${value.toFixed(1)} MiB`
const percent = (share: number): string => `${share >= 0 ? '+' : ''}${(share * 100).toFixed(1)} %`

/** Main's rows: the heap (budgeted after GC) and RSS (reported), each against a bare Node process of the same run. */
export function mainMemoryRows(main: MainMemory, bare: { heapMiB: number; rssMiB: number }): BenchRow[] {
  const what = `${main.items.toLocaleString('en-US')} items, ${main.jobs.toLocaleString('en-US')} jobs, ${main.accounts} accounts, fresh process`
  return [
    {
      what: `main heap after start and GC (${what})`,
      measured: `${mib(main.afterGc.heapMiB)} (${mib(main.afterStart.heapMiB)} before GC)`,
      reference: `bare node ${mib(bare.heapMiB)}`,
      ratio: (main.afterGc.heapMiB / bare.heapMiB).toFixed(1),
      target: `≤ ${MEMORY_BUDGETS.mainHeapMiB} MiB`,
      ok: main.afterGc.heapMiB <= MEMORY_BUDGETS.mainHeapMiB
    },
    {
      what: `main RSS after start and GC (${what})`,
      measured: `${mib(main.afterGc.rssMiB)} (${mib(main.afterStart.rssMiB)} before GC)`,
      reference: `bare node ${mib(bare.rssMiB)}`,
      ratio: (main.afterGc.rssMiB / bare.rssMiB).toFixed(1),
      target: 'reported',
      ok: true
    }
  ]
}

/**
 * The renderer's rows: its heap with the library shown, and its growth over `rounds` visits
 * to every view, measured from the first round (what loads once is loaded then); the DOM
 * nodes and event listeners it holds must not grow at all.
 */
export function rendererMemoryRows(renderer: RendererMemory): BenchRow[] {
  const { library, afterOneRound: start, afterRounds: end } = renderer
  const growth = end.heapMiB / start.heapMiB - 1
  return [
    {
      what: `renderer JS heap, library shown (${renderer.items.toLocaleString('en-US')} items, after GC)`,
      measured: mib(library.heapMiB),
      reference: `blank page ${mib(renderer.blank.heapMiB)}`,
      ratio: (library.heapMiB / renderer.blank.heapMiB).toFixed(1),
      target: `≤ ${MEMORY_BUDGETS.rendererHeapMiB} MiB`,
      ok: library.heapMiB <= MEMORY_BUDGETS.rendererHeapMiB
    },
    {
      what: `renderer after visiting every view ${renderer.rounds} times (after GC)`,
      measured: `${mib(end.heapMiB)} (${percent(growth)}; ${percent(end.heapMiB / library.heapMiB - 1)} over the library shown), ${end.nodes} nodes, ${end.listeners} listeners`,
      reference: `after 1 round ${mib(start.heapMiB)}, ${start.nodes} nodes, ${start.listeners} listeners`,
      ratio: (end.heapMiB / start.heapMiB).toFixed(2),
      target: `≤ ${percent(MEMORY_BUDGETS.rendererGrowth)}, nodes and listeners not more`,
      ok: growth <= MEMORY_BUDGETS.rendererGrowth && end.nodes <= start.nodes && end.listeners <= start.listeners
    }
  ]
}
