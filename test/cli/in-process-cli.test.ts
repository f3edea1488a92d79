import { readdirSync, readFileSync, readlinkSync } from 'node:fs'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from '../emulator'
import { makePdf } from '../emulator/fixtures/make-pdf'
import { runCliInProcess } from './in-process-cli'

/*
 * The in-process runner is as faithful as a child: pipes, only the given variables, and a run
 * leaves nothing behind. A process exits right after runCli returns (src-main/cli/index.ts), so
 * whatever the command has not finished by then is cut off: these run in this process to see it.
 */

const DANA_KEY = 'fd-cli-in-process-dana'
const RAVI_KEY = 'fd-cli-in-process-ravi'
let emulator: RunningEmulator
let files: string

beforeAll(async () => {
  emulator = await startEmulator({ keys: [DANA_KEY, RAVI_KEY], log: () => {} })
  files = await mkdtemp(join(tmpdir(), 'flipdrop-cli-in-process-'))
})
afterAll(() => emulator.close())

const vars = (dataDir: string, key: string): Record<string, string> => ({ FLIPDROP_API_KEY: key, FLIPDROP_BASE_URL: emulator.baseUrl, FLIPDROP_DATA_DIR: dataDir })

/** What a process that exits now leaves in accounts.json: read at once, before anything else runs. */
function accountsFileNow(dataDir: string): { current: string | null; tempFiles: string[] } {
  const current = (JSON.parse(readFileSync(join(dataDir, 'accounts.json'), 'utf8')) as { current: string | null }).current
  return { current, tempFiles: readdirSync(dataDir).filter((name) => name.startsWith('accounts.json.')) }
}

describe('the command run in this process', () => {
  it('has saved the account it confirmed when it returns, even when it ends at once with nothing to do for that account', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'flipdrop-cli-in-process-data-'))
    const file = join(files, 'for dana.pdf')
    await writeFile(file, await makePdf(1, 'for dana'))
    expect((await runCliInProcess(['upload', file, '--queue'], vars(dataDir, DANA_KEY))).code).toBe(0)
    const ravi = emulator.state.accounts.get(RAVI_KEY)?.userId
    // Ravi's key waits for nothing of Dana's and leaves at once (1): whose key it is was learnt on the way.
    // Its save still going after the return is also caught by the runner: the atomic write's exit hooks stay on process.
    const run = await runCliInProcess(['queue', '--wait', '--json'], vars(dataDir, RAVI_KEY))
    const left = accountsFileNow(dataDir)
    expect(run.code).toBe(1)
    expect(left).toEqual({ current: ravi, tempFiles: [] })
  })

  it('writes to pipes, sees only the variables it is given, and exits with the code a process would', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'flipdrop-cli-in-process-env-'))
    // This process has a key of its own; the run is given none, so it has none (exit 3).
    process.env['FLIPDROP_API_KEY'] = DANA_KEY
    try {
      const run = await runCliInProcess(['whoami'], { FLIPDROP_BASE_URL: emulator.baseUrl, FLIPDROP_DATA_DIR: dataDir })
      expect(run.code).toBe(3)
      expect(run.stdout).toBe('')
      expect(run.stderr).toContain('FLIPDROP_API_KEY')
    } finally {
      delete process.env['FLIPDROP_API_KEY']
    }
    const help = await runCliInProcess(['help'], {})
    expect(help.code).toBe(0)
    // A pipe has no colours: no escape sequences in the help.
    expect(help.stdout).not.toContain('\u001b[')
    expect((await runCliInProcess(['no-such-command'], {})).code).toBe(2)
  })

  it('leaves no timer, socket or file descriptor open once it returns, after a run that uploaded and one that waited for the queue', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'flipdrop-cli-in-process-handles-'))
    const file = join(files, 'handles.pdf')
    await writeFile(file, await makePdf(1, 'handles'))
    const before = resources()
    expect((await runCliInProcess(['upload', file, '--wait'], vars(dataDir, DANA_KEY))).code).toBe(0)
    expect((await runCliInProcess(['queue', '--wait'], vars(dataDir, DANA_KEY))).code).toBe(0)
    expect((await runCliInProcess(['list', '--json'], vars(dataDir, DANA_KEY))).code).toBe(0)
    expect(await grownOver(before), 'held after the runs, beyond what was held before').toEqual({})
  })
})

/** Timers, sockets and files this process holds, by kind (the emulator's own listening sockets included). */
function resources(): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const kind of process.getActiveResourcesInfo()) {
    // Finished fs requests are reported until their promise is collected: not something held open.
    if (kind === 'FSReqPromise' || kind === 'FSReqCallback') continue
    counts[kind] = (counts[kind] ?? 0) + 1
  }
  counts['open files and sockets'] = openFilesAndSockets()
  return counts
}

/**
 * The sockets and files this process has open (Linux), as the OS counts them. A thread's own
 * event loop (its epoll, eventfd, pipes and /dev/null) is not counted: the PDF parser's thread
 * is shared by the runs of a process and ends by itself when idle.
 */
function openFilesAndSockets(): number {
  const targets = readdirSync('/proc/self/fd').map((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`)
    } catch {
      return '' // the listing's own descriptor, closed by now
    }
  })
  return targets.filter((target) => target.startsWith('socket:') || (target.startsWith('/') && !target.startsWith('/dev/'))).length
}

/** What is held beyond `before`, once closing sockets have finished closing. */
async function grownOver(before: Record<string, number>): Promise<Record<string, number>> {
  const grown = (): Record<string, number> =>
    Object.fromEntries(Object.entries(resources()).filter(([kind, count]) => count > (before[kind] ?? 0)))
  let now = grown()
  // Sockets closed by the run finish closing on later turns; a leak stays however long this waits.
  for (let turn = 0; turn < 100 && Object.keys(now).length > 0; turn += 1) {
    await new Promise((resolve) => setTimeout(resolve, 20))
    now = grown()
  }
  return now
}
