/**
 * Run inside a private mount namespace with a small tmpfs at argv[2] (see record-log-full-disk.test.ts):
 * appends to a record log until the disk is full, frees the space, appends again, and prints
 * (as JSON) what happened and what a reopen reads back.
 */
import { open, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { openRecordLog } from '../../src-main/core/storage/record-log'

interface Entry {
  n: number
  pad: string
}
const disk = process.argv[2] ?? ''
const dir = join(disk, 'queue')
const options = { dir, parseSnapshot: (value: unknown) => value, parseEntry: (value: unknown) => value as Entry }
const entry = (n: number, size: number): Entry => ({ n, pad: 'x'.repeat(size) })

async function fill(path: string): Promise<void> {
  const handle = await open(path, 'w')
  try {
    for (;;) await handle.write(Buffer.alloc(4096))
  } catch {
    // Full.
  } finally {
    await handle.close()
  }
}

const { log } = await openRecordLog<unknown, Entry>(options)
await log.append([entry(1, 100), entry(2, 100), entry(3, 100)])
await fill(join(disk, 'filler'))
// Bigger than what is left of the journal's last page: a half line reaches the disk, then ENOSPC.
const failed = await log.append([entry(4, 64 * 1024)]).then(
  () => 'written',
  (error: NodeJS.ErrnoException) => error.code ?? error.message
)
await rm(join(disk, 'filler'))
const after = await log.append([entry(5, 100)]).then(
  () => 'written',
  (error: Error) => error.message
)
await log.close()
const again = await openRecordLog<unknown, Entry>(options)
await again.log.close()
process.stdout.write(`${JSON.stringify({ failed, after, numbers: again.entries.map((read) => read.n), dropped: again.dropped })}\n`)
