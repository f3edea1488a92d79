import { execFile } from 'node:child_process'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../../..', import.meta.url))
const run = promisify(execFile)

describe('record log on a disk that fills up (a real 1 MB tmpfs in a private mount namespace)', () => {
  it('rejects the append that did not fit, cuts its half line off, and goes on once there is space: nothing torn, nothing lost', async () => {
    const disk = await mkdtemp(join(tmpdir(), 'flipdrop-small-disk-'))
    const script = `mount -t tmpfs -o size=1m tmpfs "${disk}" && exec "${process.execPath}" --import tsx "${join(root, 'test/support/record-log-on-full-disk.ts')}" "${disk}"`
    const { stdout } = await run('unshare', ['-m', '--propagation', 'private', 'sh', '-c', script], { cwd: root })
    expect(JSON.parse(stdout)).toEqual({ failed: 'ENOSPC', after: 'written', numbers: [1, 2, 3, 5], dropped: [] })
  }, 30_000)
})
