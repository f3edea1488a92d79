import { spawn } from 'node:child_process'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from '../emulator'
import { makePdf } from '../emulator/fixtures/make-pdf'
import type { CliRun } from '../support/cli-runner'
import { startPrivateBus, type PrivateBus } from '../support/private-bus'

/*
 * `flipdrop auth login|status|logout` against the real Secret Service: gnome-keyring on a
 * private D-Bus (test/support/private-bus.ts), the same keychain the app's key lives in. The
 * key is given on stdin (not a terminal); the hidden prompt needs a terminal and is not run here.
 */

const KEY = 'fd-cli-auth-key-1'
const root = fileURLToPath(new URL('../..', import.meta.url))
let emulator: RunningEmulator
let bus: PrivateBus
let dataDir: string

beforeAll(async () => {
  emulator = await startEmulator({ keys: [KEY], log: () => {} })
  bus = await startPrivateBus()
  await bus.startKeyring({ unlock: true })
  dataDir = await mkdtemp(join(tmpdir(), 'flipdrop-cli-auth-'))
}, 30_000)
afterAll(async () => {
  await bus.close()
  await emulator.close()
})

/** `flipdrop <args>` with the private bus and no FLIPDROP_API_KEY (unless `extra` sets one); `input` goes to stdin. */
function cli(args: readonly string[], input: string | null = null, extra: Record<string, string> = {}): Promise<CliRun> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'src-main/cli/index.ts'), ...args], {
    env: {
      PATH: process.env['PATH'] ?? '',
      HOME: bus.env['HOME'] ?? '',
      DBUS_SESSION_BUS_ADDRESS: bus.env['DBUS_SESSION_BUS_ADDRESS'] ?? '',
      XDG_RUNTIME_DIR: bus.env['XDG_RUNTIME_DIR'] ?? '',
      XDG_DATA_HOME: bus.env['XDG_DATA_HOME'] ?? '',
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

  it('login with nothing on stdin is exit 2 and stores nothing', async () => {
    const run = await cli(['auth', 'login'], '')
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('No API key was given')
  })
})
