import { z } from 'zod'

const MIB = 1024 * 1024

const reading = z.object({ heapUsedBytes: z.number().positive(), rssBytes: z.number().positive(), externalBytes: z.number().nonnegative() }).strict()
/** One process.memoryUsage() as the memory bench keeps it. */
export type MemoryReading = z.infer<typeof reading>

const childLine = z
  .object({
    baseline: reading,
    afterStart: reading,
    afterGc: reading,
    openedMs: z.number().nonnegative(),
    items: z.number().int().nonnegative(),
    jobs: z.number().int().nonnegative(),
    accounts: z.number().int().nonnegative()
  })
  .strict()

/** In MiB: heap and RSS of a fresh process before FlipDrop, after its start, and after GC. */
export interface MainMemory {
  baseline: { heapMiB: number; rssMiB: number }
  afterStart: { heapMiB: number; rssMiB: number }
  afterGc: { heapMiB: number; rssMiB: number }
  openedMs: number
  items: number
  jobs: number
  accounts: number
}

const inMiB = (value: MemoryReading): { heapMiB: number; rssMiB: number } => ({ heapMiB: value.heapUsedBytes / MIB, rssMiB: value.rssBytes / MIB })

/** Parses a memory child's output: the last non-empty line must be its JSON result. */
export function parseMainMemory(stdout: string): MainMemory {
  const last = stdout.trim().split('\n').at(-1) ?? ''
  let parsed: z.infer<typeof childLine>
  try {
    parsed = childLine.parse(JSON.parse(last))
  } catch (err) {
    throw new Error(`the memory child printed no result line: ${stdout.slice(-300)}`, { cause: err })
  }
  return { ...parsed, baseline: inMiB(parsed.baseline), afterStart: inMiB(parsed.afterStart), afterGc: inMiB(parsed.afterGc) }
}

/** A bare Node process's own heap and RSS after GC: the reference the main rows are read against. */
export const BARE_NODE_SCRIPT =
  'gc();gc();const u=process.memoryUsage();process.stdout.write(JSON.stringify({heapUsedBytes:u.heapUsed,rssBytes:u.rss,externalBytes:u.external+u.arrayBuffers})+"\\n")'

/** Parses the bare process's line. */
export function parseBareNode(stdout: string): { heapMiB: number; rssMiB: number } {
  const last = stdout.trim().split('\n').at(-1) ?? ''
  try {
    return inMiB(reading.parse(JSON.parse(last)))
  } catch (err) {
    throw new Error(`the bare Node process printed no reading: ${stdout.slice(-300)}`, { cause: err })
  }
}
