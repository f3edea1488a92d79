import { durableFileSeam } from '../../src-main/core/storage/durable-file'

/**
 * Names the durable writes of this process still going, each with where it was started: when a
 * run returns with one (its exit hooks still on `process`), the failure says which file and who.
 */
export function watchWritesInFlight(): { now: () => string[] } {
  const going = new Map<number, string>()
  let next = 0
  const write = durableFileSeam.writeAtomic
  durableFileSeam.writeAtomic = async (path, data, options) => {
    const id = next++
    // FlipDrop's own frames only, innermost first, on one line: CI's summary shows one line per failure.
    const from = (new Error().stack ?? '')
      .split('\n')
      .filter((line) => line.includes('src-main/') && !line.includes('durable-file'))
      .map((line) => line.trim().replace(/^at /, '').replace(/\(?\S*src-main\//, '(').replace(/\)$/, ')'))
      .slice(0, 6)
    going.set(id, `${path} from ${from.join(' ← ')}`)
    try {
      await write(path, data, options)
    } finally {
      going.delete(id)
    }
  }
  return { now: () => [...going.values()] }
}
