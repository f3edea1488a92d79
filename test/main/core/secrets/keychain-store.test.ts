import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { explainKeychain } from '../../../../src-main/core/secrets/keychain-error'
import { startPrivateBus, type PrivateBus } from '../../../support/private-bus'
import { runScenario } from './run-scenario'
import { errorText } from './scenario-errors'
import { KEY_A, KEY_B } from './scenario-protocol'

/*
 * These run the real store (real keytar, real libsecret) against a real gnome-keyring on a
 * private D-Bus session bus. Each scenario runs in its own child process because libsecret
 * caches its bus connection for the life of a process.
 */

let bus: PrivateBus | undefined

beforeEach(async () => {
  bus = await startPrivateBus()
})

afterEach(async () => {
  await bus?.close()
  bus = undefined
})

function env(): NodeJS.ProcessEnv {
  if (!bus) throw new Error('No bus')
  return bus.env
}

describe('keychain store with an unlocked keyring', () => {
  it('stores, reads, replaces and deletes keys, one entry per account', async () => {
    await bus?.startKeyring({ unlock: true })
    const { steps } = await runScenario('round-trip', env())
    expect(steps.probe).toMatchObject({ ok: true, value: 'ok' })
    expect(steps.getMissing).toMatchObject({ ok: true, value: null })
    expect(steps.setFirst).toMatchObject({ ok: true })
    expect(steps.getFirst).toMatchObject({ ok: true, value: KEY_A })
    expect(steps.setReplace).toMatchObject({ ok: true })
    expect(steps.getReplaced).toMatchObject({ ok: true, value: KEY_B })
    expect(steps.setOther).toMatchObject({ ok: true })
    expect(steps.getOther).toMatchObject({ ok: true, value: KEY_A })
    expect(steps.deleteFirst).toMatchObject({ ok: true, value: true })
    expect(steps.deleteAgain).toMatchObject({ ok: true, value: false })
    expect(steps.getDeleted).toMatchObject({ ok: true, value: null })
    expect(steps.getOtherAfterDelete).toMatchObject({ ok: true, value: KEY_A })
    expect(steps.deleteOther).toMatchObject({ ok: true, value: true })
    // Caller mistakes are TypeErrors, not keychain trouble.
    expect(steps.setEmptyKey).toMatchObject({ ok: false, name: 'TypeError', code: null })
    expect(steps.getEmptyAccount).toMatchObject({ ok: false, name: 'TypeError', code: null })
  })

  it('reports keychain-unavailable when the keytar module cannot be loaded, without crashing', async () => {
    await bus?.startKeyring({ unlock: true })
    const result = await runScenario('missing-module', env())
    const unavailable = { ok: false, code: 'keychain-unavailable', message: explainKeychain.unavailable() }
    expect(result.steps.get).toMatchObject(unavailable)
    expect(result.steps.set).toMatchObject(unavailable)
    expect(result.steps.get).toMatchObject({ detail: expect.stringMatching(/^keytar did not load: Cannot find package 'keytar'/) })
    expect(result.steps.probe).toMatchObject({ ok: true, value: 'unavailable' })
    expect(errorText(result)).not.toContain(KEY_A)
  })
})

describe('keychain store with a locked keyring', () => {
  it('reads null, refuses writes with keychain-locked, and probes as locked', async () => {
    // Create the login keyring unlocked and store a key, then restart the daemon without the
    // password: the collection exists but is locked.
    await bus?.startKeyring({ unlock: true })
    expect((await runScenario('seed', env())).steps.set).toMatchObject({ ok: true })
    await bus?.stopKeyring()
    await bus?.startKeyring({ unlock: false })

    const result = await runScenario('locked', env())
    // A locked keychain reads exactly like an empty one, which is why probe() exists.
    expect(result.steps.get).toMatchObject({ ok: true, value: null })
    expect(result.steps.set).toMatchObject({
      ok: false,
      name: 'KeychainError',
      code: 'keychain-locked',
      message: explainKeychain.locked(),
      detail: 'Cannot create an item in a locked collection'
    })
    // Delete cannot see the locked entry either: it answers false and removes nothing.
    expect(result.steps.delete).toMatchObject({ ok: true, value: false })
    expect(result.steps.probe).toMatchObject({ ok: true, value: 'locked' })
    expect(errorText(result)).not.toContain(KEY_A)
    expect(errorText(result)).not.toContain(KEY_B)

    // Unlocked again, the key stored before is still there: null really meant "locked".
    await bus?.stopKeyring()
    await bus?.startKeyring({ unlock: true })
    expect((await runScenario('read-seed', env())).steps.get).toMatchObject({ ok: true, value: KEY_A })
  })
})

describe('keychain store without a Secret Service', () => {
  it('fails fast with keychain-unavailable when the bus has no Secret Service', async () => {
    const result = await runScenario('no-service', env())
    const unavailable = {
      ok: false,
      code: 'keychain-unavailable',
      message: explainKeychain.unavailable(),
      detail: 'The name org.freedesktop.secrets was not provided by any .service files'
    }
    expect(result.steps.get).toMatchObject(unavailable)
    expect(result.steps.set).toMatchObject(unavailable)
    expect(result.steps.delete).toMatchObject(unavailable)
    expect(result.steps.probe).toMatchObject({ ok: true, value: 'unavailable' })
    // The bus answers at once, so this is "unavailable", never a timeout.
    for (const outcome of Object.values(result.steps)) expect(outcome.ms).toBeLessThan(1000)
    expect(errorText(result)).not.toContain(KEY_A)
  })

  it('fails fast with keychain-unavailable when there is no session bus at all', async () => {
    const noBus = { ...env() }
    delete noBus.DBUS_SESSION_BUS_ADDRESS
    const result = await runScenario('no-service', noBus)
    expect(result.steps.get).toMatchObject({
      ok: false,
      code: 'keychain-unavailable',
      detail: 'Cannot autolaunch D-Bus without X11 $DISPLAY'
    })
    expect(result.steps.set).toMatchObject({ ok: false, code: 'keychain-unavailable' })
    expect(result.steps.probe).toMatchObject({ ok: true, value: 'unavailable' })
    for (const outcome of Object.values(result.steps)) expect(outcome.ms).toBeLessThan(1000)
    expect(errorText(result)).not.toContain(KEY_A)
  })
})
