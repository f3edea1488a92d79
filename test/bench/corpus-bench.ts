import { inspectPaths } from '../../src-main/core/queue/intake/inspect-paths'
import { createPdfParser } from '../../src-main/core/queue/intake/parse-off-thread'
import { probePdfSync } from '../../src-main/core/queue/intake/pdf-bytes'
import { corpusFiles } from '../support/pdfjs-corpus'

/** How long the intake takes to decide each corpus file, and how many needed pdf.js. */
export interface CorpusParseTimes {
  files: number
  medianMs: number
  worst: { name: string; ms: number }
  /** Files the structure check found unusual, decided by pdf.js. */
  parsed: number
}

/**
 * Decides each file of pdf.js's test corpus alone, as the intake worker does (blocking reads,
 * then pdf.js in its parse worker when the structure is unusual), and times each decision.
 * pdf.js is loaded before the clock starts: the app loads it once, not per file.
 */
export async function corpusParseTimes(): Promise<CorpusParseTimes> {
  const parser = createPdfParser()
  let parsed = 0
  const parse = (path: string) => {
    parsed++
    return parser.parse(path)
  }
  try {
    const files = corpusFiles()
    await inspectPaths([files[0]?.path ?? ''], { probe: async (path) => probePdfSync(path), parse })
    parsed = 0
    const times: { name: string; ms: number }[] = []
    for (const file of files) {
      const started = performance.now()
      await inspectPaths([file.path], { probe: async (path) => probePdfSync(path), parse })
      times.push({ name: file.name, ms: performance.now() - started })
    }
    const sorted = [...times].sort((a, b) => a.ms - b.ms)
    const middle = Math.floor(sorted.length / 2)
    const medianMs = sorted.length % 2 === 1 ? (sorted[middle]?.ms ?? 0) : ((sorted[middle - 1]?.ms ?? 0) + (sorted[middle]?.ms ?? 0)) / 2
    return { files: times.length, medianMs, worst: sorted.at(-1) ?? { name: '-', ms: 0 }, parsed }
  } finally {
    await parser.close()
  }
}
