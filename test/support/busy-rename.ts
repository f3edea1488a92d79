import fs from 'node:fs'
import { vi } from 'vitest'

/**
 * Makes the next `times` renames fail with `code`, as a Windows virus scanner or indexer
 * makes them fail, then lets renames through. It spies on the shared CommonJS fs module,
 * which write-file-atomic calls, so the real atomic write meets the refusal. Undo with
 * `vi.restoreAllMocks()`.
 */
export function refuseRenames(times: number, code = 'EPERM'): { refused: () => number } {
  const realRename = fs.rename
  let refused = 0
  vi.spyOn(fs, 'rename').mockImplementation(((from: string, to: string, callback: (error: Error | null) => void) => {
    if (refused < times) {
      refused += 1
      const error = Object.assign(new Error(`${code}: operation not permitted, rename`), { code, errno: -1, syscall: 'rename' })
      process.nextTick(callback, error)
      return
    }
    realRename(from, to, callback)
  }) as typeof fs.rename)
  return { refused: () => refused }
}
