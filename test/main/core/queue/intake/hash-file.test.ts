import { execFileSync } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import type { Stats } from 'node:fs'
import { mkdtemp, open, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { FileChangedError, hashFile } from '../../../../../src-main/core/queue/intake/hash-file'

let dir: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'flipdrop-hash-'))
})

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

describe('hashFile', () => {
  it('matches a SHA-256 of the whole content, across several chunks', async () => {
    // Not a multiple of the 1 MiB chunk, so the last read is a short one.
    const bytes = randomBytes(3 * 1024 * 1024 + 12_345)
    const path = join(dir, 'random.bin')
    await writeFile(path, bytes)
    const stats = await stat(path)
    expect(await hashFile(path)).toEqual({ sha256: sha256(bytes), size: bytes.length, mtimeMs: stats.mtimeMs })
  })

  it('hashes an empty file', async () => {
    const path = join(dir, 'empty.bin')
    await writeFile(path, '')
    expect(await hashFile(path)).toMatchObject({ sha256: sha256(Buffer.alloc(0)), size: 0 })
  })

  it('rejects a missing file', async () => {
    await expect(hashFile(join(dir, 'missing.bin'))).rejects.toMatchObject({ code: 'ENOENT' })
  })

  it('rejects a named pipe instead of hashing it as empty', async () => {
    const path = join(dir, 'pipe')
    execFileSync('mkfifo', [path])
    await expect(hashFile(path)).rejects.toThrow('Not a regular file')
  })

  it('rejects a file that changes while it is read', async () => {
    const path = join(dir, 'growing.bin')
    await writeFile(path, randomBytes(4096))
    const probe = await open(path, 'r')
    type Handle = typeof probe
    const proto = Object.getPrototypeOf(probe) as { stat: (this: Handle) => Promise<Stats> }
    await probe.close()
    const realStat = proto.stat
    let calls = 0
    // The second fstat (after hashing) sees a newer mtime, as when an app saves meanwhile.
    const spy = vi.spyOn(proto, 'stat').mockImplementation(async function (this: Handle) {
      const stats = await realStat.call(this)
      calls += 1
      if (calls === 2) stats.mtimeMs += 1000
      return stats
    })
    try {
      await expect(hashFile(path)).rejects.toBeInstanceOf(FileChangedError)
    } finally {
      spy.mockRestore()
    }
  })
})
