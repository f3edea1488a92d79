import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { durableFileSeam, durableWritesSettled, writeFileDurably } from '../../../../src-main/core/storage/durable-file'
import { startEmulator, type RunningEmulator } from '../../../emulator'
import { startQueueCore } from '../../../support/queue-fixture'

/*
 * A command's process exits as soon as its core has closed: a save still going then is cut off,
 * its temp file left and the old content kept. So a core lets go of its data folder only once
 * every durable write into it has ended, also one an answer started while the parts closed.
 */

const realWrite = durableFileSeam.writeAtomic
let emulator: RunningEmulator

beforeAll(async () => {
  emulator = await startEmulator({ log: () => {} })
})
afterAll(() => emulator.close())
afterEach(() => {
  durableFileSeam.writeAtomic = realWrite
})

/** Holds writes into files named `name` until let through. */
function holdWrites(name: string): { started: Promise<void>; letThrough: () => void } {
  let letThrough = (): void => {}
  let started = (): void => {}
  const gate = new Promise<void>((resolve) => (letThrough = resolve))
  const startedPromise = new Promise<void>((resolve) => (started = resolve))
  durableFileSeam.writeAtomic = async (path, data, options) => {
    if (path.endsWith(name)) {
      started()
      await gate
    }
    await realWrite(path, data, options)
  }
  return { started: startedPromise, letThrough }
}

describe('closing a core', () => {
  it('ends only after a save into its data folder that is still going has ended', async () => {
    const { booted, dir } = await startQueueCore(emulator)
    const held = holdWrites('late.json')
    const saving = writeFileDurably(join(dir, 'late.json'), '{"kept":true}\n')
    await held.started
    let closed = false
    const closing = booted.close().then(() => (closed = true))
    // Long enough for every part to have closed; the save still holds the folder.
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(closed).toBe(false)
    held.letThrough()
    await closing
    await saving
    expect(await readFile(join(dir, 'late.json'), 'utf8')).toBe('{"kept":true}\n')
    expect((await readdir(dir)).filter((name) => name.startsWith('late.json.'))).toEqual([])
  })
})

describe('durableWritesSettled', () => {
  it('waits for writes into the folder, those that start meanwhile too, and not for writes elsewhere', async () => {
    const { dir } = await startQueueCore(emulator).then(async (started) => {
      await started.booted.close()
      return started
    })
    const elsewhere = holdWrites('elsewhere.json')
    const outside = writeFileDurably(join(dir, '..', `${Date.now()}-elsewhere.json`), 'x')
    await elsewhere.started
    // A write elsewhere, held, does not keep this folder waiting.
    await durableWritesSettled(dir)
    const inside = holdWrites('first.json')
    void writeFileDurably(join(dir, 'first.json'), '1').then(() => writeFileDurably(join(dir, 'second.json'), '2'))
    await inside.started
    let settled = false
    const waiting = durableWritesSettled(dir).then(() => (settled = true))
    inside.letThrough()
    await waiting
    expect(settled).toBe(true)
    // The second write started while the first finished: it ended too.
    expect(await readFile(join(dir, 'second.json'), 'utf8')).toBe('2')
    elsewhere.letThrough()
    await outside
  })
})
