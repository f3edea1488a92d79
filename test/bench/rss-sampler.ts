/** Resident set size before some work and the highest seen while it ran, in bytes. */
export interface RssSample {
  baselineBytes: number
  peakBytes: number
}

/**
 * Runs `work` while sampling this process's RSS every `intervalMs`. The baseline is taken after
 * a full GC (when `--expose-gc` is on), so garbage left by start-up does not count as growth.
 */
export async function sampleRssWhile(work: () => Promise<unknown>, intervalMs = 10): Promise<RssSample> {
  global.gc?.()
  const baselineBytes = process.memoryUsage.rss()
  let peakBytes = baselineBytes
  const sampler = setInterval(() => {
    peakBytes = Math.max(peakBytes, process.memoryUsage.rss())
  }, intervalMs)
  try {
    await work()
  } finally {
    clearInterval(sampler)
  }
  return { baselineBytes, peakBytes: Math.max(peakBytes, process.memoryUsage.rss()) }
}
