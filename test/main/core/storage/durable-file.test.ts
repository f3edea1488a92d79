import fs from 'node:fs'
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { durableFileSeam, fsyncDirectory, writeFileDurably } from '../../../../src-main/core/storage/durable-file'

const realWriteAtomic = durableFileSeam.writeAtomic

function renameError(code: string): NodeJS.ErrnoException {
  // Shaped like the error fs.rename gives, which is what write-file-atomic passes on.
  return Object.assign(new Error(`${code}: operation not permitted, rename`), { code, syscall: 'rename' })
}

/** Makes the next `times` writes fail at the rename with `code`, then lets writes through. */
function failRenames(times: number, code: string, syscall = 'rename'): { attempts: () => number } {
  let attempts = 0
  durableFileSeam.writeAtomic = async (path, data, options) => {
    attempts += 1
    if (attempts <= times) throw Object.assign(renameError(code), { syscall })
    await realWriteAtomic(path, data, options)
  }
  return { attempts: () => attempts }
}

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'flipdrop-durable-'))
})
afterEach(async () => {
  vi.restoreAllMocks()
  durableFileSeam.writeAtomic = realWriteAtomic
  await rm(dir, { recursive: true, force: true })
})

describe('writeFileDurably', () => {
  it('writes a new file, string or bytes', async () => {
    await writeFileDurably(join(dir, 'a.txt'), 'hello')
    await writeFileDurably(join(dir, 'b.bin'), Buffer.from([1, 2, 3]))
    expect(await readFile(join(dir, 'a.txt'), 'utf8')).toBe('hello')
    expect([...(await readFile(join(dir, 'b.bin')))]).toEqual([1, 2, 3])
  })

  it.skipIf(process.platform === 'win32')('applies the mode', async () => {
    await writeFileDurably(join(dir, 'secret.json'), '{}', { mode: 0o600 })
    expect((await stat(join(dir, 'secret.json'))).mode & 0o777).toBe(0o600)
  })

  it('replaces atomically: the old content until the rename, no temp file left', async () => {
    const path = join(dir, 'state.json')
    await writeFile(path, 'old')
    let seenMidway = ''
    durableFileSeam.writeAtomic = async (target, data, options) => {
      // Between the call and the rename the target still holds the whole old content.
      seenMidway = await readFile(target, 'utf8')
      await realWriteAtomic(target, data, options)
    }
    await writeFileDurably(path, 'new '.repeat(10_000))
    expect(seenMidway).toBe('old')
    expect(await readFile(path, 'utf8')).toBe('new '.repeat(10_000))
    expect(await readdir(dir)).toEqual(['state.json'])
  })

  it('retries a rename refused as busy (EPERM, EACCES, EBUSY), then succeeds', async () => {
    for (const code of ['EPERM', 'EACCES', 'EBUSY']) {
      const seam = failRenames(3, code)
      await writeFileDurably(join(dir, `${code}.txt`), code)
      expect(seam.attempts()).toBe(4)
      expect(await readFile(join(dir, `${code}.txt`), 'utf8')).toBe(code)
    }
  })

  it('retries through the real write-file-atomic, which leaves no temp file behind', async () => {
    // write-file-atomic calls fs.rename from the shared CommonJS fs module, so a spy there
    // fails its real rename; this checks the error it passes on carries syscall 'rename'.
    const realRename = fs.rename
    let refused = 0
    vi.spyOn(fs, 'rename').mockImplementation(((from: string, to: string, callback: (error: Error | null) => void) => {
      if (refused < 2) {
        refused += 1
        const error = Object.assign(new Error('EPERM: operation not permitted, rename'), { code: 'EPERM', errno: -1, syscall: 'rename' })
        process.nextTick(callback, error)
        return
      }
      realRename(from, to, callback)
    }) as typeof fs.rename)
    await writeFileDurably(join(dir, 'scanned.json'), '{"ok":true}')
    expect(refused).toBe(2)
    expect(await readFile(join(dir, 'scanned.json'), 'utf8')).toBe('{"ok":true}')
    expect(await readdir(dir)).toEqual(['scanned.json'])
  })

  it('gives up after about a second and throws the rename error', async () => {
    const seam = failRenames(Number.POSITIVE_INFINITY, 'EPERM')
    const started = Date.now()
    await expect(writeFileDurably(join(dir, 'never.txt'), 'x')).rejects.toMatchObject({ code: 'EPERM', syscall: 'rename' })
    const elapsed = Date.now() - started
    expect(elapsed).toBeGreaterThanOrEqual(900)
    expect(elapsed).toBeLessThan(3000)
    expect(seam.attempts()).toBe(8)
  })

  it('does not retry other failures, nor busy codes from other steps', async () => {
    const other = failRenames(1, 'ENOSPC')
    await expect(writeFileDurably(join(dir, 'full.txt'), 'x')).rejects.toMatchObject({ code: 'ENOSPC' })
    expect(other.attempts()).toBe(1)
    const open = failRenames(1, 'EACCES', 'open')
    await expect(writeFileDurably(join(dir, 'denied.txt'), 'x')).rejects.toMatchObject({ code: 'EACCES' })
    expect(open.attempts()).toBe(1)
  })

  it('fails when the folder does not exist', async () => {
    await expect(writeFileDurably(join(dir, 'missing', 'a.txt'), 'x')).rejects.toMatchObject({ code: 'ENOENT' })
  })
})

describe('fsyncDirectory', () => {
  it('syncs an existing folder and fails for a missing one', async () => {
    await expect(fsyncDirectory(dir)).resolves.toBeUndefined()
    if (process.platform !== 'win32') await expect(fsyncDirectory(join(dir, 'missing'))).rejects.toMatchObject({ code: 'ENOENT' })
  })
})
