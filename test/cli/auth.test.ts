import { spawn } from 'node:child_process'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from '../emulator'
import { makePdf } from '../emulator/fixtures/make-pdf'
import type { CliRun } from '../support/cli-runner'
import { commandEntry } from '../support/command-line'
import { startPrivateBus, type PrivateBus } from '../support/private-bus'

/*
 * `flipdrop auth login|status|logout` against the real Secret Service: gnome-keyring on a
 * private D-Bus (test/support/private-bus.ts), the same keychain the app's key lives in. The
 * key is given on stdin (not a terminal); the hidden prompt needs a terminal and is not run here.
 */

const KEY = 'fd-cli-auth-key-1'
/** A second account's key (the emulator makes each key its own account). */
const KEY_2 = 'fd-cli-auth-key-2'
const root = fileURLToPath(new URL('../..', import.meta.url))
let emulator: RunningEmulator
let bus: PrivateBus
let dataDir: string

beforeAll(async () => {
  emulator = await startEmulator({ keys: [KEY, KEY_2], log: () => {} })
  bus = await startPrivateBus()
  await bus.startKeyring({ unlock: true })
  dataDir = await mkdtemp(join(tmpdir(), 'flipdrop-cli-auth-'))
}, 30_000)
afterAll(async () => {
  await bus.close()
  await emulator.close()
})

/** The variables of a child on the private bus, and nothing of this process. */
function busEnv(): NodeJS.ProcessEnv {
  return {
    PATH: process.env['PATH'] ?? '',
    HOME: bus.env['HOME'] ?? '',
    DBUS_SESSION_BUS_ADDRESS: bus.env['DBUS_SESSION_BUS_ADDRESS'] ?? '',
    XDG_RUNTIME_DIR: bus.env['XDG_RUNTIME_DIR'] ?? '',
    XDG_DATA_HOME: bus.env['XDG_DATA_HOME'] ?? ''
  }
}

/**
 * Runs `body` against the app's keychain store in a child on the private bus (libsecret keeps
 * its bus for the life of a process, so not in this one); `store` is the store, and what the
 * body returns comes back as JSON.
 */
function inKeychain<T>(body: string): Promise<T> {
  const store = join(root, 'src-main/core/secrets/keychain-store.ts')
  const script = `import { createKeychainStore } from ${JSON.stringify(store)}; const store = createKeychainStore(); process.stdout.write(JSON.stringify(await (async () => { ${body} })() ?? null))`
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { env: busEnv(), stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  return new Promise((resolve, reject) =>
    child.once('close', (code) => (code === 0 ? resolve(JSON.parse(stdout) as T) : reject(new Error(`keychain script failed (${code}): ${stderr}`))))
  )
}

/** The keychain's entries and their keys. */
async function entries(): Promise<Record<string, string | null>> {
  return inKeychain('const names = await store.list(); return Object.fromEntries(await Promise.all(names.map(async (name) => [name, await store.get(name)])))')
}

/** `flipdrop <args>` with the private bus and no FLIPDROP_API_KEY (unless `extra` sets one); `input` goes to stdin. */
function cli(args: readonly string[], input: string | null = null, extra: Record<string, string> = {}): Promise<CliRun> {
  const child = spawn(process.execPath, [...commandEntry(), ...args], {
    env: {
      ...busEnv(),
      FLIPDROP_BASE_URL: emulator.baseUrl,
      FLIPDROP_DOCUMENT_URL: emulator.documentUrl,
      FLIPDROP_DATA_DIR: dataDir,
      ...extra
    },
    stdio: ['pipe', 'pipe', 'pipe']
  })
  child.stdin.end(input ?? '')
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000)
  return new Promise((resolve) =>
    child.once('close', (code) => {
      clearTimeout(timer)
      expect(stdout + stderr, 'the key leaked').not.toContain(KEY)
      expect(stdout + stderr, 'the second key leaked').not.toContain(KEY_2)
      resolve({ code, stdout, stderr })
    })
  )
}

describe('flipdrop auth', () => {
  it('login checks the key with whoami and keeps it in the keychain; status, whoami and upload then use it; logout removes it', async () => {
    const before = await cli(['auth', 'status'])
    expect(before.code).toBe(3)
    expect(before.stderr).toContain('No API key')

    const refused = await cli(['auth', 'login'], 'fd-not-a-key-000\n')
    expect(refused.code).toBe(3)
    expect(refused.stderr).toContain('The service did not accept that API key. Nothing was stored.')
    expect((await cli(['auth', 'status'])).code).toBe(3)

    const login = await cli(['auth', 'login', '--json'], `${KEY}\n`)
    expect(login.code).toBe(0)
    expect(JSON.parse(login.stdout)).toMatchObject({ account: { email: expect.any(String) }, storage: 'keychain', overriddenBy: null })

    const status = await cli(['auth', 'status'])
    expect(status.code).toBe(0)
    expect(status.stdout).toMatch(/^Signed in as .+, with the key from your keychain/)
    expect((await cli(['whoami'])).code).toBe(0)
    const file = join(dataDir, 'from-keychain.pdf')
    await writeFile(file, await makePdf(1, 'from keychain'))
    expect((await cli(['upload', file])).code).toBe(0)
    expect(emulator.state.allItems().filter((item) => item.name === 'from-keychain')).toHaveLength(1)

    const fromEnv = await cli(['auth', 'status', '--json'], null, { FLIPDROP_API_KEY: KEY })
    expect(JSON.parse(fromEnv.stdout)).toMatchObject({ signedIn: true, source: 'FLIPDROP_API_KEY' })

    const logout = await cli(['auth', 'logout'])
    expect(logout.code).toBe(0)
    expect(logout.stdout).toContain('Signed out: the API key was removed from your keychain.')
    expect((await cli(['auth', 'status'])).code).toBe(3)
    expect((await cli(['auth', 'logout'])).stdout).toContain('No API key was stored in your keychain')
  }, 90_000)

  it('a key in the keychain that the service refuses: a foreground upload exits 3 at once, naming the keychain and flipdrop auth login', async () => {
    expect((await cli(['auth', 'login'], `${KEY}\n`)).code).toBe(0)
    const file = join(dataDir, 'later-refused.pdf')
    await writeFile(file, await makePdf(1, 'later refused'))
    // The service stops accepting the key (the account is taken away for this test).
    const account = emulator.state.accounts.get(KEY)
    emulator.state.accounts.delete(KEY)
    try {
      const run = await cli(['upload', file])
      expect(run.code).toBe(3)
      expect(run.stderr).toContain('The service did not accept the API key from your keychain')
      expect(run.stderr).toContain('Run flipdrop auth login with a valid key, or set FLIPDROP_API_KEY.')
    } finally {
      if (account) emulator.state.accounts.set(KEY, account)
      await cli(['auth', 'logout'])
    }
  }, 60_000)

  it('login adds an account beside the others, each under its own entry; logout --account signs out of that one only', async () => {
    const dana = emulator.state.accounts.get(KEY)
    const ravi = emulator.state.accounts.get(KEY_2)
    if (!dana || !ravi) throw new Error('the emulator has no accounts for the keys')
    // A keychain from before several accounts: the one key under the single old entry.
    await inKeychain(`await store.set('default', ${JSON.stringify(KEY)})`)
    expect((await cli(['auth', 'login'], `${KEY}\n`)).code).toBe(0)
    expect(await entries(), 'the old entry of the same key goes').toEqual({ [dana.userId]: KEY })

    const second = await cli(['auth', 'login', '--json'], `${KEY_2}\n`)
    expect(second.code).toBe(0)
    expect(JSON.parse(second.stdout)).toMatchObject({ account: { userId: ravi.userId, email: ravi.email }, storage: 'keychain', replaced: false })
    expect(await entries(), 'the first account keeps its key').toEqual({ [dana.userId]: KEY, [ravi.userId]: KEY_2 })
    const text = await cli(['auth', 'login'], `${KEY_2}\n`)
    expect(text.stdout).toContain(`Signed in as ${ravi.name} (${ravi.email}).`)
    expect(text.stdout).toContain(`Also signed in: ${dana.brand} (${dana.email}) [${dana.userId}].`)
    const listed = JSON.parse((await cli(['accounts', '--json'])).stdout) as { userId: string }[]
    expect(listed.map((account) => account.userId).sort()).toEqual([dana.userId, ravi.userId].sort())

    // A new key for an account replaces its old one, and only that one.
    const newKey = 'fd-cli-auth-key-1-renewed'
    emulator.state.accounts.set(newKey, { ...dana, key: newKey })
    try {
      const renewed = await cli(['auth', 'login', '--json'], `${newKey}\n`)
      expect(renewed.stdout).not.toContain(newKey)
      expect(JSON.parse(renewed.stdout)).toMatchObject({ account: { userId: dana.userId }, replaced: true })
      expect(await entries()).toEqual({ [dana.userId]: newKey, [ravi.userId]: KEY_2 })
    } finally {
      emulator.state.accounts.delete(newKey)
      await inKeychain(`await store.set(${JSON.stringify(dana.userId)}, ${JSON.stringify(KEY)})`)
    }

    const logout = await cli(['auth', 'logout', '--account', dana.email])
    expect(logout.code).toBe(0)
    expect(logout.stdout).toContain(`${dana.name} (${dana.email}) is no longer signed in here; still signed in: ${ravi.brand} (${ravi.email}) [${ravi.userId}].`)
    expect(await entries()).toEqual({ [ravi.userId]: KEY_2 })
    expect(JSON.parse((await cli(['accounts', '--json'])).stdout)).toEqual([{ userId: ravi.userId, name: ravi.name, email: ravi.email, brand: ravi.brand, current: true }])
    expect(JSON.parse((await cli(['whoami', '--json'])).stdout)).toMatchObject({ userId: ravi.userId })

    const unknown = await cli(['auth', 'logout', '--account', dana.email])
    expect(unknown.code).toBe(3)
    expect(unknown.stderr).toContain(`No signed-in account is "${dana.email}". Signed in: ${ravi.brand} (${ravi.email}) [${ravi.userId}].`)
    expect((await cli(['auth', 'logout'])).code).toBe(0)
    expect(await entries()).toEqual({})
  }, 120_000)

  it('login with nothing on stdin is exit 2 and stores nothing', async () => {
    const run = await cli(['auth', 'login'], '')
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('No API key was given')
  })
})
