import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from '../../../emulator'
import { allFinished, QUEUE_KEY, startQueueCore, waitForQueue, writePdf } from '../../../support/queue-fixture'

/*
 * Issue 27: a captive portal or a proxy's login page (every answer a web page, 200 or 302)
 * means "no usable connection": jobs wait without spending tries, the status says a sign-in
 * page is in the way, and everything goes on once the service answers again.
 */

let emulator: RunningEmulator
beforeAll(async () => {
  emulator = await startEmulator({ keys: [QUEUE_KEY], rateLimit: { limit: 100_000, windowSeconds: 60 }, log: () => {} })
})
afterAll(() => emulator.close())

async function until(condition: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const started = Date.now()
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`)
    await sleep(10)
  }
}

const itemsNamed = (name: string): number => emulator.state.allItems().filter((item) => item.name === name).length

describe('a sign-in page in the way', () => {
  it('comes up after 2 of 6 are published and goes away: every file published exactly once, no job failed, the wait said the portal', async () => {
    const files = await mkdtemp(join(tmpdir(), 'flipdrop-portal-'))
    const names = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6']
    const paths = await Promise.all(names.map((name) => writePdf(files, `${name}.pdf`)))
    const { core } = await startQueueCore(emulator, { settings: { uploadConcurrency: 1 } })
    try {
      await core.uploads.enqueuePaths({ paths, docType: 'Flipbook', onSameContent: 'ask' })
      await until(() => names.filter((name) => itemsNamed(name) > 0).length >= 2, 'two published')
      const before = new Set(names.filter((name) => itemsNamed(name) > 0))
      // An office proxy forwards one upload and answers with its login page; then the portal takes every request.
      emulator.faults.add({ route: '/api/create-by-file', kind: 'portal', commit: true, count: 1 })
      await until(
        () => emulator.state.requests.some((entry) => entry.path === '/api/create-by-file' && entry.fault === 'portal'),
        'the forwarded upload'
      )
      const [portal] = emulator.faults.add({ route: '*', kind: 'portal', status: 302, count: 'always' })

      const waiting = await waitForQueue(core, (view) => view.connectivity.problem === 'portal' && view.jobs.some((job) => job.state === 'waiting'))
      expect(waiting.connectivity.online).toBe(false)
      const held = waiting.jobs.filter((job) => job.state === 'waiting')
      expect(held.length).toBeGreaterThan(0)
      for (const job of held) expect(job.waiting?.message).toContain('sign-in page')
      // A while behind the portal (the probe asks again) spends no job's tries and fails none.
      await sleep(2_500)
      const behind = core.uploads.list()
      expect(behind.connectivity.problem).toBe('portal')
      expect(behind.jobs.filter((job) => job.state === 'failed')).toEqual([])
      const afterPortal = behind.jobs.filter((job) => !before.has(job.name))
      const history = afterPortal.flatMap((job) => job.history.map((line) => `${job.name}: ${line.text}`)).join('\n')
      expect(history).not.toMatch(/Try \d failed|web page instead of data/)

      emulator.faults.remove(portal?.id ?? -1)
      const view = await waitForQueue(core, allFinished, 40_000)
      expect(view.jobs.map((job) => [job.name, job.state])).toEqual(names.map((name) => [name, 'done']))
      expect(view.connectivity.online).toBe(true)
      expect(view.connectivity.problem).toBeNull()
      for (const name of names) expect(itemsNamed(name), name).toBe(1)
    } finally {
      await core.close()
    }
  }, 90_000)

  it('is said from any feature’s request, with nothing queued, and cleared by "Try now" once the service answers', async () => {
    const { core } = await startQueueCore(emulator)
    try {
      await until(() => core.connection.accountId !== null, 'the account confirmed')
      const [portal] = emulator.faults.add({ route: '*', kind: 'portal', count: 'always' })
      // A library read meets the sign-in page: the one status says so, though the queue is empty.
      await expect(core.library.details({ id: 1001, docType: 'Flipbook' })).rejects.toMatchObject({ kind: 'portal' })
      expect(core.uploads.list().jobs).toEqual([])
      expect(core.uploads.list().connectivity).toMatchObject({ online: false, problem: 'portal' })
      emulator.faults.remove(portal?.id ?? -1)
      await core.uploads.checkNow()
      await waitForQueue(core, (view) => view.connectivity.online && view.connectivity.problem === null)
    } finally {
      await core.close()
    }
  })
})
