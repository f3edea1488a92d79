import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from '../emulator'
import { makePdf } from '../emulator/fixtures/make-pdf'
import type { CliRun } from '../support/cli-runner'
import { createMemoryKeychain } from '../support/memory-keychain'
import { fastClient, waitForQueue } from '../support/queue-fixture'
import { createTestCore } from '../support/test-core'
import { runInProcess } from './in-process-cli'

/*
 * Several accounts side by side: two keys in one keychain, each its own account on the
 * emulator (Dana Whitfield / Northwind Press, Ravi Menon / Kite Studio). The command runs in
 * this process (runCli) with that keychain: a child process cannot share an in-memory one.
 * Every run is checked never to print either key.
 */

const DANA_KEY = 'fd-cli-choice-dana-key'
const RAVI_KEY = 'fd-cli-choice-ravi-key'
const DANA = { name: 'Dana Whitfield', email: 'dana@northwind-press.example', brand: 'Northwind Press' }
const RAVI = { name: 'Ravi Menon', email: 'ravi@kitestudio.example', brand: 'Kite Studio' }
let emulator: RunningEmulator
let files: string
let danaId: string
let raviId: string

beforeAll(async () => {
  emulator = await startEmulator({ keys: [DANA_KEY, RAVI_KEY], log: () => {} })
  files = await mkdtemp(join(tmpdir(), 'flipdrop-cli-choice-'))
  danaId = emulator.state.accounts.get(DANA_KEY)?.userId ?? ''
  raviId = emulator.state.accounts.get(RAVI_KEY)?.userId ?? ''
  expect(danaId).not.toBe(raviId)
})
afterAll(() => emulator.close())

/** The two keys, each under its account's entry, as the app files them. */
function twoKeys() {
  const keychain = createMemoryKeychain()
  keychain.entries.set(danaId, DANA_KEY)
  keychain.entries.set(raviId, RAVI_KEY)
  return keychain
}

/** A fresh data folder and the command's variables for it (no FLIPDROP_API_KEY unless `extra` sets one). */
async function place(extra: Record<string, string> = {}): Promise<Record<string, string>> {
  const dataDir = await mkdtemp(join(tmpdir(), 'flipdrop-cli-choice-data-'))
  return { FLIPDROP_BASE_URL: emulator.baseUrl, FLIPDROP_DOCUMENT_URL: emulator.documentUrl, FLIPDROP_DATA_DIR: dataDir, ...extra }
}

async function cli(args: readonly string[], env: Record<string, string>, keychain = twoKeys()): Promise<CliRun> {
  const run = await runInProcess(args, { env, keychain })
  for (const key of [DANA_KEY, RAVI_KEY]) {
    expect(run.stdout, 'a key leaked on stdout').not.toContain(key)
    expect(run.stderr, 'a key leaked on stderr').not.toContain(key)
  }
  return run
}

async function pdf(name: string): Promise<string> {
  const path = join(files, `${name}.pdf`)
  await writeFile(path, await makePdf(1, name))
  return path
}

const namesOf = (key: string): string[] => emulator.state.itemsOf(key).map((item) => item.name)

describe('flipdrop accounts', () => {
  it('--json: exactly userId, name, email, brand and current for each signed-in account; the one commands use is current', async () => {
    const env = await place()
    const run = await cli(['accounts', '--json'], env)
    expect(run.code, run.stderr).toBe(0)
    expect(JSON.parse(run.stdout)).toEqual([
      { userId: danaId, ...DANA, current: true },
      { userId: raviId, ...RAVI, current: false }
    ])
    const chosen = await cli(['accounts', '--json', '--account', 'kite studio'], env)
    expect(JSON.parse(chosen.stdout)).toEqual([
      { userId: danaId, ...DANA, current: false },
      { userId: raviId, ...RAVI, current: true }
    ])
  })

  it('as text: a table with a mark on the account commands use', async () => {
    const run = await cli(['accounts', '--account', RAVI.email], await place())
    expect(run.code, run.stderr).toBe(0)
    const lines = run.stdout.split('\n')
    expect(lines[0]).toMatch(/^\s+Name\s+Email\s+Brand\s+User ID$/)
    expect(lines[1]).toMatch(new RegExp(`^ {3}${DANA.name}\\s+${DANA.email}\\s+${DANA.brand}\\s+${danaId}$`))
    expect(lines[2]).toMatch(new RegExp(`^\\* {2}${RAVI.name}\\s+${RAVI.email}\\s+${RAVI.brand}\\s+${raviId}$`))
    expect(run.stdout).toContain('2 accounts signed in. * marks the one commands use')
  })

  it('FLIPDROP_API_KEY is the only account, named by whoami, and current', async () => {
    const run = await cli(['accounts', '--json'], await place({ FLIPDROP_API_KEY: RAVI_KEY }))
    expect(run.code, run.stderr).toBe(0)
    expect(JSON.parse(run.stdout)).toEqual([{ userId: raviId, ...RAVI, current: true }])
  })
})

describe('--account', () => {
  it('upload --account publishes into that account only', async () => {
    const run = await cli(['upload', await pdf('choice for ravi'), '--account', RAVI.email, '--wait', '--json'], await place())
    expect(run.code, run.stderr).toBe(0)
    expect(JSON.parse(run.stdout)).toMatchObject({ jobs: [{ state: 'done' }] })
    expect(namesOf(RAVI_KEY)).toContain('choice for ravi')
    expect(namesOf(DANA_KEY)).not.toContain('choice for ravi')
  })

  it('list --account lists that account’s items only', async () => {
    await emulator.seed(3, DANA_KEY)
    await emulator.seed(2, RAVI_KEY)
    const env = await place()
    const flipbooks = (key: string): number[] => emulator.state.itemsOf(key).filter((item) => item.docType === 'Flipbook').map((item) => item.id).sort()
    const listed = async (choice: string): Promise<number[]> => {
      const run = await cli(['list', '--all', '--json', '--account', choice], env)
      expect(run.code, run.stderr).toBe(0)
      return (JSON.parse(run.stdout) as { items: { id: number }[] }).items.map((item) => item.id).sort()
    }
    expect(await listed(danaId)).toEqual(flipbooks(DANA_KEY))
    expect(await listed('ravi menon')).toEqual(flipbooks(RAVI_KEY))
    expect(flipbooks(DANA_KEY)).not.toEqual(flipbooks(RAVI_KEY))
  })

  it('queue --account shows only that account’s jobs', async () => {
    const env = await place()
    expect((await cli(['upload', await pdf('queued for dana'), '--queue', '--account', DANA.email], env)).code).toBe(0)
    expect((await cli(['upload', await pdf('queued for ravi'), '--queue', '--account', RAVI.email], env)).code).toBe(0)
    const sources = async (args: string[]): Promise<string[]> => (JSON.parse((await cli(['queue', '--json', ...args], env)).stdout) as { jobs: { source: string }[] }).jobs.map((job) => job.source)
    expect(await sources(['--account', RAVI.email])).toEqual(['queued for ravi.pdf'])
    expect(await sources(['--account', danaId])).toEqual(['queued for dana.pdf'])
    expect((await sources([])).sort()).toEqual(['queued for dana.pdf', 'queued for ravi.pdf'])
    // --wait with --account runs that account's jobs only.
    const ran = await cli(['queue', '--wait', '--json', '--account', RAVI.email], env)
    expect(ran.code, ran.stderr).toBe(0)
    expect(JSON.parse(ran.stdout)).toMatchObject({ jobs: [{ source: 'queued for ravi.pdf', state: 'done' }] })
    expect(namesOf(RAVI_KEY)).toContain('queued for ravi')
    expect(namesOf(DANA_KEY)).not.toContain('queued for dana')
  })

  it('a name two accounts share is bad usage (exit 2), listing both with their user IDs', async () => {
    const ravi = emulator.state.accounts.get(RAVI_KEY)
    if (!ravi) throw new Error('no account for the second key')
    ravi.brand = DANA.brand
    try {
      const run = await cli(['whoami', '--account', 'northwind PRESS'], await place())
      expect(run.code).toBe(2)
      expect(run.stdout).toBe('')
      expect(run.stderr).toContain('"northwind PRESS" names more than one account')
      expect(run.stderr).toContain(`Northwind Press (${DANA.email}) [${danaId}]`)
      expect(run.stderr).toContain(`Northwind Press (${RAVI.email}) [${raviId}]`)
    } finally {
      ravi.brand = RAVI.brand
    }
  })

  it('a name no signed-in account has exits 3 and says which accounts are signed in; nothing is queued', async () => {
    const env = await place()
    const run = await cli(['upload', await pdf('for nobody'), '--account', 'lena@vogel-design.example'], env)
    expect(run.code).toBe(3)
    expect(run.stderr).toContain('No signed-in account is "lena@vogel-design.example".')
    expect(run.stderr).toContain(`Signed in: Northwind Press (${DANA.email}) [${danaId}], Kite Studio (${RAVI.email}) [${raviId}].`)
    expect(JSON.parse((await cli(['queue', '--json'], env)).stdout)).toEqual({ jobs: [] })
    const json = await cli(['whoami', '--json', '--account', 'nobody'], env)
    expect(json.code).toBe(3)
    expect(JSON.parse(json.stdout)).toMatchObject({ error: { code: 'account-not-signed-in', exitCode: 3 } })
  })

  it('FLIPDROP_API_KEY overrides --account, and says so', async () => {
    const env = await place({ FLIPDROP_API_KEY: DANA_KEY })
    const who = await cli(['whoami', '--json', '--account', RAVI.email], env)
    expect(who.code, who.stderr).toBe(0)
    expect(JSON.parse(who.stdout)).toMatchObject({ userId: danaId })
    expect(who.stderr).toContain('FLIPDROP_API_KEY is set, so its account is used and --account is ignored.')
    const run = await cli(['upload', await pdf('env wins'), '--account', RAVI.email, '--json'], env)
    expect(run.code, run.stderr).toBe(0)
    expect(namesOf(DANA_KEY)).toContain('env wins')
    expect(namesOf(RAVI_KEY)).not.toContain('env wins')
  })

  it('without --account: the app’s current account when its key is held', async () => {
    const env = await place()
    const dataDir = env['FLIPDROP_DATA_DIR'] ?? ''
    const known = { userId: raviId, ...RAVI, vendorId: null, appUrl: null, maxFileSizeMb: null, profileImage: null, seenAt: 1 }
    await writeFile(join(dataDir, 'accounts.json'), JSON.stringify({ version: 2, current: raviId, accounts: [known] }))
    const run = await cli(['whoami', '--json'], env)
    expect(JSON.parse(run.stdout)).toMatchObject({ userId: raviId })
  })

  it('a key FlipDrop cannot name (the old single entry, never seen here) is named by the service when --account asks for it', async () => {
    const keychain = createMemoryKeychain()
    keychain.entries.set(danaId, DANA_KEY)
    keychain.entries.set('default', RAVI_KEY)
    const run = await cli(['whoami', '--json', '--account', RAVI.email], await place(), keychain)
    expect(run.code, run.stderr).toBe(0)
    expect(JSON.parse(run.stdout)).toMatchObject({ userId: raviId })
  })

  it('a key the service cannot name is never taken for the one asked for, and that is said', async () => {
    const keychain = createMemoryKeychain()
    keychain.entries.set(danaId, DANA_KEY)
    keychain.entries.set('default', 'fd-cli-choice-refused-key')
    const run = await cli(['whoami', '--account', RAVI.email], await place(), keychain)
    expect(run.code).toBe(3)
    expect(run.stderr).toContain(`No signed-in account is "${RAVI.email}".`)
    expect(run.stderr).toContain('1 more key could not be checked with the service just now.')
    expect(run.stderr).not.toContain('fd-cli-choice-refused-key')
  })

  it('hot folders and links added with --account are made for that account', async () => {
    const env = await place()
    const folder = await mkdtemp(join(tmpdir(), 'flipdrop-cli-choice-hot-'))
    const added = await cli(['hotfolder', 'add', folder, '--account', RAVI.email, '--json'], env)
    expect(added.code, added.stderr).toBe(0)
    expect(JSON.parse(added.stdout)).toMatchObject({ folders: [{ path: folder, accountId: raviId }] })
    const item = (await emulator.seed(4, RAVI_KEY)).find((seeded) => seeded.docType === 'Flipbook')
    if (!item) throw new Error('Ravi has no flipbook to link')
    const linked = await cli(['link', 'add', await pdf('linked for ravi'), String(item.id), '--id', '--account', raviId, '--json'], env)
    expect(linked.code, linked.stderr).toBe(0)
    expect(JSON.parse(linked.stdout)).toMatchObject({ itemId: item.id, accountId: raviId })
  })

  it('work handed to a running app keeps the account --account named, whichever is the app’s current one', async () => {
    const keychain = twoKeys()
    const env = await place()
    const dir = env['FLIPDROP_DATA_DIR'] ?? ''
    const app = await createTestCore({ userDataDir: dir, keychain, environment: { baseUrl: emulator.baseUrl, documentUrl: emulator.documentUrl }, createClient: fastClient })
    try {
      expect(app.core.auth.currentAccountId()).toBe(danaId)
      const run = await cli(['upload', await pdf('handed for ravi'), '--account', RAVI.email, '--wait', '--json'], env, keychain)
      expect(run.code, run.stderr).toBe(0)
      const view = await waitForQueue(app.core, (queue) => queue.jobs.some((job) => job.name === 'handed for ravi' && job.state === 'done'))
      // The app ran it (the command never took the folder), for Ravi, and its current account stayed Dana.
      expect(view.jobs.find((job) => job.name === 'handed for ravi')?.accountId).toBe(raviId)
      expect(app.core.auth.currentAccountId()).toBe(danaId)
      expect(namesOf(RAVI_KEY)).toContain('handed for ravi')
      expect(namesOf(DANA_KEY)).not.toContain('handed for ravi')
    } finally {
      await app.core.close()
    }
  })
})
