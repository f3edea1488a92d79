import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { request } from 'undici'
import { expect, test } from '@playwright/test'

const root = fileURLToPath(new URL('../..', import.meta.url))

interface Ready {
  appUrl: string
  baseUrl: string
  documentUrl: string
  apiKey: string
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
