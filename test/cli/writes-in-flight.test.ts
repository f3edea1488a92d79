import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { durableFileSeam, writeFileDurably } from '../../src-main/core/storage/durable-file'
import { watchProcessListeners } from './process-listeners'
import { watchWritesInFlight } from './writes-in-flight'

it('a run that returns with a save still going fails, naming the file', async () => {
  const real = durableFileSeam.writeAtomic
  try {
    const listeners = watchProcessListeners(watchWritesInFlight().now)
    const path = join(await mkdtemp(join(tmpdir(), 'flipdrop-in-flight-')), 'accounts.json')
    const end = listeners.begin()
    // Started and not awaited, as a save left behind by a command would be.
    const saving = writeFileDurably(path, '{}\n')
    await new Promise((resolve) => setImmediate(resolve))
    expect(() => end()).toThrow(/left listeners on process: SIGINT.*writes still going: .*accounts\.json from /)
    await saving
    // Once it ended, a run leaves nothing.
    const next = listeners.begin()
    expect(() => next()).not.toThrow()
  } finally {
    durableFileSeam.writeAtomic = real
  }
})
