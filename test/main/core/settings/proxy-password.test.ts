import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { request } from 'undici'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { KeyStore } from '../../../../src-main/core/secrets/key-store'
import { startEmulator, type RunningEmulator } from '../../../emulator'
import { startTestHost, type TestHost } from '../../../host/test-host'
import { startForwardProxy } from '../../../support/forward-proxy'
import { createMemoryKeychain } from '../../../support/memory-keychain'

const KEY = 'fd-proxy-password-key'
/** Distinctive, so any copy of it anywhere is found. */
const PASSWORD = 'pw-proxy-9c4e-never-leaves-main'

let emulator: RunningEmulator
let proxy: Awaited<ReturnType<typeof startForwardProxy>>
const hosts: TestHost[] = []

beforeAll(async () => {
  emulator = await startEmulator({ keys: [KEY], log: () => {} })
  proxy = await startForwardProxy({ login: { username: 'dana', password: PASSWORD } })
})
afterAll(async () => {
  await proxy.close()
  await emulator.close()
})
afterEach(async () => {
  for (const host of hosts.splice(0)) await host.close()
  proxy.seen.length = 0
})

const proxyHost = (): string => new URL(proxy.url).host

/** A keychain that counts what is written to it. */
function countingKeychain() {
  const keychain = createMemoryKeychain()
  const writes: string[] = []
  const store: KeyStore = { ...keychain, set: async (account, key) => (writes.push(account), keychain.set(account, key)) }
  return { keychain, store, writes }
}

/** The real core (as the app runs it), with its events and log lines kept for leak checks. */
async function startCore(userDataDir: string, proxyKeychain: KeyStore) {
  const events: string[] = []
  const host = await startTestHost({
    userDataDir,
    core: {
      keychain: createMemoryKeychain(),
      proxyKeychain,
      environment: { apiKey: KEY, baseUrl: emulator.baseUrl },
      emit: (spec, payload) => events.push(`${spec.channel} ${JSON.stringify(payload)}`)
    }
  })
  hosts.push(host)
  return { host, events }
}

/** A request to the service as the core's clients send it: through the network the core built from Settings. */
async function throughCore(host: TestHost): Promise<number> {
  const url = `${emulator.baseUrl}/api/whoami`
  const dispatcher = await host.core.connection.network().dispatcherFor(url)
  try {
    const answer = await request(url, { dispatcher, headers: { 'x-api-key': KEY } })
    await answer.body.dump()
    return answer.statusCode
  } catch {
    return -1
  }
}

async function dataFolder(settings?: object): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'flipdrop-proxy-pw-'))
  if (settings) await writeFile(join(dir, 'settings.json'), JSON.stringify(settings))
  return dir
}

describe("the proxy's password", () => {
  it('set from the form goes to the keychain: requests get through the proxy, and no file, answer, event or log line holds it', async () => {
    const dir = await dataFolder()
    const { keychain, store } = countingKeychain()
    const { host, events } = await startCore(dir, store)
    const updated = await host.core.settings.update({ proxyUrl: `http://dana@${proxyHost()}` })
    expect(updated.proxyPasswordSet).toBe(false)
    expect(await throughCore(host)).toBe(-1)
    expect(proxy.refused).toBeGreaterThan(0)

    const answered = await host.core.settings.setProxyPassword({ password: PASSWORD })
    expect(answered.proxyPasswordSet).toBe(true)
    expect([...keychain.entries.values()]).toEqual([PASSWORD])
    expect(await throughCore(host)).toBe(200)
    expect(proxy.seen).toContain(new URL(emulator.baseUrl).host)
    // The client itself, as every feature uses it.
    await expect(host.core.connection.trial(KEY).whoami()).resolves.toMatchObject({ email: expect.any(String) })

    const got = await host.core.settings.get()
    expect(got).toMatchObject({ proxyPasswordSet: true, values: { proxyUrl: `http://dana@${proxyHost()}` } })
    const everything = [
      JSON.stringify([updated, answered, got]),
      await readFile(join(dir, 'settings.json'), 'utf8'),
      events.join('\n'),
      host.logLines.join('\n')
    ].join('\n')
    expect(everything).toContain('dana@')
    expect(everything).not.toContain(PASSWORD)

    const removed = await host.core.settings.setProxyPassword({ password: null })
    expect(removed.proxyPasswordSet).toBe(false)
    expect(keychain.entries.size).toBe(0)
    expect(await throughCore(host)).toBe(-1)
  })

  it('is refused inside the proxy address: the form keeps it apart', async () => {
    const { host } = await startCore(await dataFolder(), createMemoryKeychain())
    await expect(host.core.settings.update({ proxyUrl: `http://dana:${PASSWORD}@${proxyHost()}` })).rejects.toThrow()
    expect((await host.core.settings.get()).values.proxyUrl).toBe('')
  })

  it('written in settings.json by an older version moves to the keychain at the first start, once, and keeps working', async () => {
    const dir = await dataFolder({ proxyUrl: `http://dana:${PASSWORD}@${proxyHost()}`, uploadConcurrency: 3 })
    const { keychain, store, writes } = countingKeychain()
    const first = await startCore(dir, store)
    const file = await readFile(join(dir, 'settings.json'), 'utf8')
    expect(file).not.toContain(PASSWORD)
    expect(JSON.parse(file)).toMatchObject({ proxyUrl: `http://dana@${proxyHost()}`, uploadConcurrency: 3 })
    expect([...keychain.entries.values()]).toEqual([PASSWORD])
    expect(await first.host.core.settings.get()).toMatchObject({ proxyPasswordSet: true, values: { proxyUrl: `http://dana@${proxyHost()}`, uploadConcurrency: 3 } })
    expect(await throughCore(first.host)).toBe(200)
    expect(first.host.logLines.join('\n')).not.toContain(PASSWORD)
    await first.host.close()
    hosts.splice(hosts.indexOf(first.host), 1)

    const before = (await stat(join(dir, 'settings.json'))).mtimeMs
    const second = await startCore(dir, store)
    expect(writes).toHaveLength(1)
    expect((await stat(join(dir, 'settings.json'))).mtimeMs).toBe(before)
    expect(await throughCore(second.host)).toBe(200)
  })

  it('stays in settings.json while the keychain cannot take it, is never shown, and moves at a later start', async () => {
    const dir = await dataFolder({ proxyUrl: `http://dana:${PASSWORD}@${proxyHost()}` })
    const keychain = createMemoryKeychain('unavailable')
    const first = await startCore(dir, keychain)
    expect(await readFile(join(dir, 'settings.json'), 'utf8')).toContain(PASSWORD)
    const view = await first.host.core.settings.get()
    expect(JSON.stringify(view)).not.toContain(PASSWORD)
    expect(first.host.logLines.join('\n')).toContain('will try again')
    expect(first.host.logLines.join('\n')).not.toContain(PASSWORD)
    await first.host.close()
    hosts.splice(hosts.indexOf(first.host), 1)

    keychain.health = 'ok'
    const second = await startCore(dir, keychain)
    expect(await readFile(join(dir, 'settings.json'), 'utf8')).not.toContain(PASSWORD)
    expect([...keychain.entries.values()]).toEqual([PASSWORD])
    expect(await throughCore(second.host)).toBe(200)
  })
})
