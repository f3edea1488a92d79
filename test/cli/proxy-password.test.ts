import { spawn } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { logFolder } from '../../src-main/core/logging/log-file'
import { startEmulator, type RunningEmulator } from '../emulator'
import { startForwardProxy } from '../support/forward-proxy'
import { startPrivateBus, type PrivateBus } from '../support/private-bus'
import { runCli } from '../support/cli-runner'
import { cliKit } from './cli-test-kit'

const KEY = 'fd-cli-proxy-password-key'
const PASSWORD = 'pw-cli-proxy-3b7f-never-printed'
let emulator: RunningEmulator
let proxy: Awaited<ReturnType<typeof startForwardProxy>>
let bus: PrivateBus
const { env } = cliKit(() => emulator, KEY)
const root = fileURLToPath(new URL('../..', import.meta.url))

beforeAll(async () => {
  emulator = await startEmulator({ keys: [KEY], seed: true, log: () => {} })
  proxy = await startForwardProxy({ login: { username: 'dana', password: PASSWORD } })
  bus = await startPrivateBus()
  await bus.startKeyring({ unlock: true })
}, 30_000)
afterAll(async () => {
  await bus?.close()
  await proxy?.close()
  await emulator?.close()
})

/** The variables that put a child on the private bus, with its real (gnome-keyring) keychain. */
const busEnv = (): Record<string, string> =>
  Object.fromEntries(['HOME', 'DBUS_SESSION_BUS_ADDRESS', 'XDG_RUNTIME_DIR', 'XDG_DATA_HOME'].map((name) => [name, bus.env[name] ?? '']))

/** Saves the proxy's password as the app does (settings:setProxyPassword), in a child on the private bus (libsecret keeps its bus for a process's life). */
async function saveInKeychain(password: string): Promise<void> {
  const at = (path: string): string => JSON.stringify(join(root, path))
  const script = `import { createKeychainStore } from ${at('src-main/core/secrets/keychain-store.ts')}; import { createProxyPasswords, PROXY_KEYCHAIN_SERVICE } from ${at('src-main/core/settings/proxy-password.ts')}; await createProxyPasswords(createKeychainStore({ service: PROXY_KEYCHAIN_SERVICE })).set(${JSON.stringify(password)})`
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { env: { PATH: process.env['PATH'] ?? '', ...busEnv() }, stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
  if (code !== 0) throw new Error(`could not save the proxy password: ${stderr}`)
}

describe('flipdrop behind a proxy that asks for a password', { timeout: 60_000 }, () => {
  it("uses the password the app saved in the keychain (the settings file has only the user name), and never prints it", async () => {
    const vars = { ...(await env()), ...busEnv() }
    const dataDir = vars['FLIPDROP_DATA_DIR'] ?? ''
    await writeFile(join(dataDir, 'settings.json'), JSON.stringify({ proxyUrl: `http://dana@${new URL(proxy.url).host}` }))
    await saveInKeychain(PASSWORD)
    proxy.seen.length = 0
    // --verbose: every line the command logs is printed too, so none of them may show it.
    const run = await runCli(['whoami', '--verbose'], vars)
    expect(run.code, run.stderr).toBe(0)
    expect(proxy.seen).toContain(new URL(emulator.baseUrl).host)
    expect(run.stdout + run.stderr).not.toContain(PASSWORD)
  })

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
