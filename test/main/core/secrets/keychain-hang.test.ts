import { afterEach, describe, expect, it } from 'vitest'
import { explainKeychain } from '../../../../src-main/core/secrets/keychain-error'
import { startPrivateBus, type PrivateBus } from '../../../support/private-bus'
import { startScenario, type ScenarioRun } from './run-scenario'
import type { ScenarioResult } from './scenario-protocol'
import { startSilentSocket, type SilentSocket } from './silent-socket'

/*
 * An unresponsive keychain makes keytar hang for 50 s or more; the store must give up after
 * its own timeout. Real keytar, in a child process, against a bus that never answers.
 */

const TIMEOUT_MS = 500
const cleanups: (() => Promise<void> | void)[] = []

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

function expectTimedOut(result: ScenarioResult): void {
  const timeout = { ok: false, name: 'KeychainError', code: 'keychain-timeout', message: explainKeychain.timeout(TIMEOUT_MS) }
  expect(result.steps.get).toMatchObject({ ...timeout, detail: `No answer after ${TIMEOUT_MS} ms.` })
  const waited = result.steps.get?.ms ?? 0
  expect(waited).toBeGreaterThanOrEqual(TIMEOUT_MS - 10)
  expect(waited).toBeLessThan(TIMEOUT_MS + 1500)
  // The first call is still stuck in keytar, so the next one fails at once instead of
  // tying up another worker thread.
  expect(result.steps.getWhileStuck).toMatchObject({ ...timeout, detail: 'An earlier keychain call has not answered yet.' })
  expect(result.steps.getWhileStuck?.ms).toBeLessThan(100)
  expect(result.steps.probe).toMatchObject({ ok: true, value: 'timeout' })
}

function track(run: ScenarioRun): ScenarioRun {
  cleanups.push(() => run.kill())
  return run
}

describe('keychain store with a hung keychain', () => {
  it('times out when the bus accepts the connection and never answers', async () => {
    const silent: SilentSocket = await startSilentSocket()
    cleanups.push(() => silent.close())
    const bus: PrivateBus = await startPrivateBus()
    cleanups.push(() => bus.close())

    const run = track(startScenario('hung', { ...bus.env, DBUS_SESSION_BUS_ADDRESS: silent.address }, TIMEOUT_MS))
    expectTimedOut(await run.result)
    expect(silent.connections).toBeGreaterThan(0)

    // Dropping the connection lets the stuck keytar call fail late; the child must then exit
    // cleanly, so that late rejection was handled.
    await silent.close()
    expect(await run.exited).toMatchObject({ code: 0, stderr: '' })
  })

  it('times out when the keyring daemon is frozen', async () => {
    const bus = await startPrivateBus()
    cleanups.push(() => bus.close())
    await bus.startKeyring({ unlock: true })
    bus.freezeKeyring(true)

    const run = track(startScenario('hung', bus.env, TIMEOUT_MS))
    expectTimedOut(await run.result)

    // Thawed, the daemon answers the stuck call late; the child then exits cleanly.
    bus.freezeKeyring(false)
    expect(await run.exited).toMatchObject({ code: 0, stderr: '' })
  })
})
