import { execFileSync } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { appendFile, mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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
    // Big enough that hashing takes a while (read in 1 MiB steps); an app saves meanwhile.
    const path = join(dir, 'growing.bin')
    await writeFile(path, randomBytes(64 * 1024 * 1024))
    const hashing = hashFile(path)
    await new Promise((resolve) => setTimeout(resolve, 5))
    await appendFile(path, 'more bytes from the next save')
    await expect(hashing).rejects.toBeInstanceOf(FileChangedError)
    // Once it has settled, the same file hashes fine.
    await expect(hashFile(path)).resolves.toMatchObject({ size: 64 * 1024 * 1024 + 29 })
  })
})
