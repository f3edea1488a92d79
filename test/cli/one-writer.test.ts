import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { readDataLock } from '../../src-main/core/storage/data-lock'
import { startEmulator, type RunningEmulator } from '../emulator'
import { makePdf } from '../emulator/fixtures/make-pdf'
import { runCli } from '../support/cli-runner'
import { startCommand, within, type CommandProcess } from '../support/command-process'
import { QUEUE_KEY, startQueueCore, waitForQueue, type QueueCore } from '../support/queue-fixture'

/*
 * One writer per data folder, and a command that never hangs: real commands (child
 * processes), a real app core in this process where one is needed, the real emulator.
 */

let emulator: RunningEmulator
const running: CommandProcess[] = []
const cores: QueueCore[] = []

beforeAll(async () => {
  emulator = await startEmulator({ keys: [QUEUE_KEY], rateLimit: { limit: 100_000, windowSeconds: 60 }, maxItems: 1_000, log: () => {} })
})
afterEach(async () => {
  emulator.faults.clear()
  await Promise.all(running.splice(0).map((command) => command.kill()))
  for (const core of cores.splice(0)) await core.core.close().catch(() => undefined)
})
afterAll(() => emulator.close())

function variables(dataDir: string): Record<string, string> {
  return { FLIPDROP_API_KEY: QUEUE_KEY, FLIPDROP_BASE_URL: emulator.baseUrl, FLIPDROP_DOCUMENT_URL: emulator.documentUrl, FLIPDROP_DATA_DIR: dataDir }
}

function command(args: string[], dataDir: string): CommandProcess {
  const started = startCommand(args, variables(dataDir))
  running.push(started)
  return started
}

async function pdf(name: string): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'flipdrop-one-writer-'))
  const path = join(folder, `${name}.pdf`)
  await writeFile(path, await makePdf(1, name))
  return path
}

const published = (name: string): number => [...emulator.state.items.values()].filter((item) => item.name === name).length

interface JobsOut {
  jobs: { source: string; state: string; itemId: number | null; message: string | null }[]
}

describe('a --wait whose holder goes away', () => {
  it.each(['SIGKILL', 'SIGINT'] as const)('takes over within 10 s when the holder ends by %s, and runs the same job to the end, once', async (signal) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'flipdrop-cli-holder-killed-'))
    // Slow creates: the holder's own job keeps it busy (and running) until the kill, and nothing finishes before it.
    emulator.faults.add([
      { route: '/api/create-by-file', kind: 'latency', ms: 8_000, count: 1 },
      { route: '/api/create-by-file', kind: 'latency', ms: 1_500, count: 'always' }
    ])
    const own = `${signal.toLowerCase()}-holder-own`
    const handed = `${signal.toLowerCase()}-holder-handed`
    const queued = await runCli(['upload', await pdf(own), '--queue'], variables(dataDir))
    expect(queued.code, queued.stderr).toBe(0)
    const holder = command(['queue', '--wait'], dataDir)
    await within(holder.line('stdout', new RegExp(`${own}\\.pdf`)), 20_000, 'the holder running the queue')
    const follower = command(['upload', await pdf(handed), '--wait'], dataDir)
    await within(follower.line('stdout', new RegExp(`^\\w+\\s+[0-9a-f]{8}\\s+${handed}\\.pdf$`, 'm')), 20_000, 'the follower handing its job over')
    // Handed over: the holder still holds the folder.
    expect((await readDataLock(dataDir))?.pid).toBe(holder.pid)

    const killedAt = Date.now()
    holder.child.kill(signal)
    const noticedAt = await within(follower.line('stderr', /taking over/), 10_000, `the follower noticing the holder ended by ${signal}`)
    // Its job takes 1.5 s at the service: the folder is the follower's well before it ends.
    await expect.poll(async () => (await readDataLock(dataDir))?.pid, { timeout: 10_000, interval: 20 }).toBe(follower.pid)
    const heldAt = Date.now()
    expect(heldAt - killedAt).toBeLessThan(10_000)
    const end = await within(follower.ended, 30_000, 'the follower finishing the job it handed over')
    console.info(`after ${signal}: noticed in ${noticedAt - killedAt} ms, folder held in ${heldAt - killedAt} ms, job done in ${end.at - killedAt} ms`)
    expect(follower.stderr()).toContain(`flipdrop (process ${holder.pid}), which was running these jobs, has stopped; taking over the queue.`)
    expect(end.code).toBe(0)
    expect(follower.stdout()).toMatch(new RegExp(`^done\\s+[0-9a-f]{8}\\s+${handed}\\.pdf\\s+http`, 'm'))
    expect(published(handed)).toBe(1)
    expect((await holder.ended).signal ?? 'exited').toBe(signal === 'SIGKILL' ? 'SIGKILL' : 'exited')
    // It let go of the folder when it left.
    expect(await readDataLock(dataDir)).toBeNull()
  }, 60_000)
})

describe('jobs removed or cancelled elsewhere', () => {
  async function followedInApp(name: string, json: boolean) {
    const app = await startQueueCore(emulator)
    cores.push(app)
    // Paused: the job waits where everyone can see it, and nothing is sent.
    await app.core.uploads.pause()
    const follower = command(['upload', await pdf(name), '--wait', ...(json ? ['--json'] : [])], app.dir)
    const view = await waitForQueue(app.core, (queue) => queue.jobs.some((job) => job.name === name))
    const job = view.jobs.find((candidate) => candidate.name === name)
    if (!job) throw new Error('not handed over')
    return { app, follower, jobId: job.id }
  }

  it('reports a job removed in the app as removed, and exits 1', async () => {
    const { app, follower, jobId } = await followedInApp('removed-elsewhere', true)
    await app.core.uploads.remove({ jobId })
    const end = await within(follower.ended, 15_000, 'the command ending after its job was removed')
    expect(end.code).toBe(1)
    expect(JSON.parse(follower.stdout())).toEqual({
      jobs: [
        {
          id: jobId,
          state: 'removed',
          source: 'removed-elsewhere.pdf',
          path: expect.stringMatching(/removed-elsewhere\.pdf$/),
          code: 'removed',
          itemId: null,
          url: null,
          message: 'It was removed from the queue elsewhere (in the FlipDrop app or by another command) before it finished.'
        }
      ]
    })
  })

  it('reports a job cancelled in the app as cancelled, in text too, and exits 1', async () => {
    const { app, follower, jobId } = await followedInApp('cancelled-elsewhere', false)
    await app.core.uploads.cancel({ jobId })
    const end = await within(follower.ended, 15_000, 'the command ending after its job was cancelled')
    expect(end.code).toBe(1)
    expect(follower.stdout()).toMatch(/^cancelled\s+[0-9a-f]{8}\s+cancelled-elsewhere\.pdf\s+Cancelled\.$/m)
    expect(follower.stdout()).toMatch(/^1 cancelled$/m)
  })
})

describe('a plain upload holding the folder', () => {
  it('takes no work: a second upload --wait waits for it to leave, then takes the folder and runs its job', async () => {
    // What `flipdrop upload x` (no --wait) is while it queues: a core that runs nothing.
    const queueing = await startQueueCore(emulator, { core: { role: 'command', runUploads: false } })
    cores.push(queueing)
    const follower = command(['upload', await pdf('after-plain-upload'), '--wait', '--json'], queueing.dir)
    await within(follower.line('stderr', /takes no work from other commands/), 10_000, 'the second command saying it waits')
    expect(follower.stderr()).toContain(`Waiting for flipdrop (process ${process.pid}), which holds this data folder and takes no work from other commands, to finish.`)
    // Nothing was handed to a process that would never send it.
    expect(queueing.core.uploads.list().jobs).toEqual([])
    await queueing.core.close()
    cores.splice(cores.indexOf(queueing), 1)
    const end = await within(follower.ended, 30_000, 'the second command finishing once the folder was free')
    expect(end.code).toBe(0)
    expect((JSON.parse(follower.stdout()) as JobsOut).jobs.map((job) => [job.source, job.state])).toEqual([['after-plain-upload.pdf', 'done']])
    expect(published('after-plain-upload')).toBe(1)
  }, 60_000)
})

describe('a data folder held on another machine', () => {
  it('is never taken over: the command exits 1 naming the host and how to release it', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'flipdrop-cli-elsewhere-'))
    const lockPath = join(dataDir, 'flipdrop.lock')
    const lock = { pid: 4242, host: 'studio-mac.local', startedAt: '2024-01-01T00:00:00Z', info: { role: 'app', socket: '/nowhere', token: 'x' }, token: 'e'.repeat(32) }
    await writeFile(lockPath, `${JSON.stringify(lock)}\n`)
    const file = await pdf('held-elsewhere')
    const run = await runCli(['upload', file, '--wait'], variables(dataDir))
    expect(run.code).toBe(1)
    expect(run.stderr).toContain(
      `FlipDrop on “studio-mac.local” (process 4242) is using this data folder. Quit FlipDrop there; if that machine is gone, delete ${lockPath} and try again.`
    )
    expect(JSON.parse(await readFile(lockPath, 'utf8'))).toEqual(lock)
    expect(published('held-elsewhere')).toBe(0)
  })
})
