import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { logFolder } from '../../src-main/core/logging/log-file'
import { startEmulator, type RunningEmulator } from '../emulator'
import { startForwardProxy } from '../support/forward-proxy'
import { runCli } from '../support/cli-runner'
import { cliKit } from './cli-test-kit'

const KEY = 'fd-cli-proxy-password-key'
const PASSWORD = 'pw-cli-proxy-3b7f-never-printed'
let emulator: RunningEmulator
let proxy: Awaited<ReturnType<typeof startForwardProxy>>
const { env } = cliKit(() => emulator, KEY)

beforeAll(async () => {
  emulator = await startEmulator({ keys: [KEY], seed: true, log: () => {} })
  proxy = await startForwardProxy({ login: { username: 'dana', password: PASSWORD } })
})
afterAll(async () => {
  await proxy?.close()
  await emulator?.close()
})

describe('flipdrop behind a proxy that asks for a password', { timeout: 60_000 }, () => {
  it("reaches the service with the app's proxy settings, never prints the password, and leaves the settings file alone", async () => {
    const vars = await env()
    const dataDir = vars['FLIPDROP_DATA_DIR'] ?? ''
    // Written by an older app (the password inside the address), on a machine without a keychain.
    const settings = `${JSON.stringify({ proxyUrl: `http://dana:${PASSWORD}@${new URL(proxy.url).host}` })}\n`
    await writeFile(join(dataDir, 'settings.json'), settings)
    const run = await runCli(['whoami', '--verbose'], vars)
    expect(run.code, run.stderr).toBe(0)
    expect(proxy.seen).toContain(new URL(emulator.baseUrl).host)
    expect(run.stdout + run.stderr).not.toContain(PASSWORD)
    expect(await readFile(join(dataDir, 'settings.json'), 'utf8')).toBe(settings)
    const logged = await readFile(join(logFolder(dataDir), 'flipdrop.log'), 'utf8')
    expect(logged).toContain('command:')
    expect(logged).not.toContain(PASSWORD)

    // The same proxy without its password: refused by the proxy, and said as a connection problem.
    await writeFile(join(dataDir, 'settings.json'), JSON.stringify({ proxyUrl: `http://dana@${new URL(proxy.url).host}` }))
    const refused = await runCli(['whoami'], { ...vars, FLIPDROP_TIMEOUT_SCALE: '0.05' })
    expect(refused.code).not.toBe(0)
  })
})
