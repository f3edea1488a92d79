import { describe, expect, it } from 'vitest'
import { parseChildOutput } from './fresh-process-memory'

const MIB = 1024 * 1024

describe('fresh-process memory bench: reading the child result', () => {
  it('takes the last line as the JSON result and reports MiB', () => {
    const line = JSON.stringify({ baselineRssBytes: 100 * MIB, peakRssBytes: 112.5 * MIB, uploadSeconds: 3.2 })
    expect(parseChildOutput(`some warning\n${line}\n`)).toEqual({ baselineMiB: 100, peakMiB: 112.5, growthMiB: 12.5, uploadSeconds: 3.2 })
  })

  it('refuses output without a well-formed result line', () => {
    expect(() => parseChildOutput('')).toThrow(/no result line/)
    expect(() => parseChildOutput('{"baselineRssBytes":1}')).toThrow(/no result line/)
    expect(() => parseChildOutput('{"baselineRssBytes":1,"peakRssBytes":2,"uploadSeconds":1,"extra":0}')).toThrow(/no result line/)
  })
})
