import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { request } from 'undici'
import { expect, test } from '@playwright/test'

const root = fileURLToPath(new URL('../..', import.meta.url))

interface Ready {
  appUrl: string
  baseUrl: string
  documentUrl: string
  apiKey: string
  apiKeys: string[]
}

/** GET one API call of the emulator with a key, as JSON. */
async function api(ready: Ready, key: string, path: string): Promise<Record<string, unknown>> {
  const answer = await request(`${ready.baseUrl}${path}`, { headers: { 'x-api-key': key } })
  return (await answer.body.json()) as Record<string, unknown>
}

/** Starts `npm run demo` with `args`; resolves with the child and its parsed ready line. */
function startDemo(args: string[], ownGroup = false): Promise<{ child: ChildProcess; ready: Ready; stdout: () => string }> {
  const child = spawn('npm', ['run', '--silent', 'demo', '--', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], detached: ownGroup })
  let stdout = ''
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString()
      const line = /^demo ready (\{.*\})$/m.exec(stdout)
      if (line?.[1]) resolve({ child, ready: JSON.parse(line[1]) as Ready, stdout: () => stdout })
    })
    child.once('exit', (code) => reject(new Error(`the demo exited (${String(code)}) before it was ready`)))
  })
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)))
}

test('npm run demo -- --browser --items 200: ready within 60 s, signed in to the demo account, exits 0 on SIGINT', async ({ page }) => {
  test.setTimeout(90_000)
  const started = Date.now()
  const { child, ready, stdout } = await startDemo(['--browser', '--items', '200'])
  expect(Date.now() - started).toBeLessThan(60_000)
  expect(ready).toMatchObject({ appUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\//), apiKey: 'demo-key' })
  // The library the demo promised: 200 items on the emulator, for the demo key.
  const listed = await request(`${ready.baseUrl}/api/list?PageSize=1`, { headers: { 'x-api-key': ready.apiKey } })
  expect(((await listed.body.json()) as { TotalItems: number }).TotalItems).toBe(200)
  const whoami = await request(`${ready.baseUrl}/api/whoami`, { headers: { 'x-api-key': ready.apiKey } })
  const account = (await whoami.body.json()) as { Name: string; Email: string }

  await page.goto(ready.appUrl)
  await page.getByRole('button', { name: 'Account menu' }).click()
  const badge = page.getByLabel('Signed-in account')
  await expect(badge).toContainText(account.Name)
  await expect(badge).toContainText(account.Email)
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()

  const exited = exitOf(child)
  child.kill('SIGINT')
  expect(await exited).toBe(0)
  // stdout held the ready line and nothing else.
  expect(stdout().trim().split('\n')).toHaveLength(1)
})

test('npm run demo -- --browser --accounts 2 --folders 30 --hot-folder: each key its own account, both signed in (the first current), 30 folders, the hot folder watched', async ({ page }) => {
  test.setTimeout(120_000)
  const hotFolder = mkdtempSync(join(tmpdir(), 'flipdrop-demo-hot-'))
  const { child, ready } = await startDemo(['--browser', '--accounts', '2', '--folders', '30', '--hot-folder', hotFolder])
  expect(ready).toMatchObject({ apiKey: 'demo-key', apiKeys: ['demo-key', 'demo-key-2'] })
  expect(Object.keys(ready)).toEqual(['appUrl', 'baseUrl', 'documentUrl', 'apiKey', 'apiKeys'])

  // Two accounts on the emulator, no two alike: person, brand, picture and library titles.
  const [first, second] = await Promise.all(ready.apiKeys.map((key) => api(ready, key, '/api/whoami')))
  for (const field of ['UserID', 'Name', 'Email', 'Brand']) expect(first?.[field]).not.toEqual(second?.[field])
  const pictures = await Promise.all(ready.apiKeys.map(async (key) => String((await api(ready, key, '/api/get-profile'))['ProfileImage'])))
  expect(new Set(pictures).size).toBe(2)
  const drawn = await Promise.all(pictures.map(async (url) => {
    const answer = await request(url)
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['content-type']).toBe('image/svg+xml')
    return answer.body.text()
  }))
  expect(drawn[0]).not.toEqual(drawn[1])
  const titles = await Promise.all(ready.apiKeys.map(async (key) => {
    const list = await api(ready, key, '/api/list?PageSize=100')
    return new Set((list['Items'] as { Name: string }[]).map((item) => item.Name))
  }))
  expect(titles[0]?.size).toBe(36)
  expect([...(titles[0] ?? [])].filter((name) => titles[1]?.has(name))).toEqual([])

  // The window: both signed in, the first current; its 30 folders; the hot folder watched for it.
  await page.goto(ready.appUrl)
  await page.getByRole('button', { name: 'Account menu' }).click()
  const accounts = page.getByRole('menuitemradio')
  await expect(accounts).toHaveCount(2)
  await expect(page.getByRole('menuitemradio', { checked: true })).toContainText(String(first?.['Name']))
  await expect(page.getByRole('menuitemradio', { checked: false })).toContainText(String(second?.['Name']))
  await page.keyboard.press('Escape')
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Library/ }).click()
  // An agency's 30 folders: the sidebar lists 8 and offers the rest.
  await page.getByRole('button', { name: 'Show all 30' }).click({ timeout: 30_000 })
  await expect(page.getByRole('list', { name: 'Library folders' }).getByRole('listitem')).toHaveCount(30)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Watched folders/ }).click()
  const hot = page.getByRole('list', { name: 'Hot folders' })
  await expect(hot).toContainText(hotFolder)
  await expect(hot).toContainText(String(first?.['Brand']))

  const exited = exitOf(child)
  child.kill('SIGINT')
  expect(await exited).toBe(0)
})

test('npm run demo with a bad flag prints the usage and exits 2', async () => {
  const child = spawn('npm', ['run', '--silent', 'demo', '--', '--items', 'lots'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  expect(await exitOf(child)).toBe(2)
  expect(stderr).toContain('--items must be a whole number from 0 to 10000')
  expect(stderr).toContain('Usage: npm run demo -- [--browser] [--items N]')
})

test('Ctrl+C in a terminal (SIGINT to npm and the demo at once) stops it cleanly: exit 0', async () => {
  test.setTimeout(90_000)
  // Its own process group, as a terminal's foreground job: the signal reaches npm and the demo.
  const { child } = await startDemo(['--browser', '--items', '5'], true)
  const exited = exitOf(child)
  process.kill(-(child.pid ?? 0), 'SIGINT')
  // With one handler, the second SIGINT (npm passing it on) killed the demo mid-clean-up.
  expect(await exited).toBe(0)
})
