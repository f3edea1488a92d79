import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { commandEntry } from './command-line'

const root = fileURLToPath(new URL('../..', import.meta.url))
const run = promisify(execFile)

/**
 * The command's own process (no npm in between), inside a private mount namespace whose
 * `dir` is a fresh tmpfs of `sizeKb`: a real small disk that nothing outside can see. The
 * test reaches that disk through /proc/<pid>/root (fill it, free it) and remounts it
 * read-only with nsenter. When the command ends, the disk's content is copied to `keepIn`
 * (outside it) for the test to read. Needs root (CI and this machine run tests as root).
 */
export function spawnCliOnSmallDisk(
  args: readonly string[],
  env: Record<string, string>,
  dir: string,
  sizeKb: number,
  keepIn: string,
  options: { readOnly?: boolean } = {}
): ChildProcessWithoutNullStreams {
  const node = [process.execPath, ...commandEntry()].map((word) => `"${word}"`).join(' ') + ' "$@"'
  // The disk goes away with the namespace: what the command left there is copied to `keepIn` first.
  const readOnly = options.readOnly ? ` && mount -o remount,ro "${dir}"` : ''
  const script = `mount -t tmpfs -o size=${sizeKb}k tmpfs "${dir}"${readOnly} || exit 99; ${node}; code=$?; cp -a "${dir}/." "${keepIn}/"; exit $code`
  return spawn('unshare', ['-m', '--propagation', 'private', 'sh', '-c', script, 'sh', ...args], {
    cwd: root,
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent', ...env },
    stdio: ['pipe', 'pipe', 'pipe']
  })
}

/** A path as the process `pid` sees it, inside its own mount namespace. */
export function seenBy(pid: number, path: string): string {
  return join(`/proc/${pid}/root`, path)
}

/** Remounts `dir` (a mount point in the namespace of `pid`) read-only or writable again. */
export async function remount(pid: number, dir: string, mode: 'ro' | 'rw'): Promise<void> {
  await run('nsenter', ['-t', String(pid), '-m', 'mount', '-o', `remount,${mode}`, dir])
}
