import { request } from 'undici'
import { expect, test } from '@playwright/test'
import { makePdf } from '../emulator/fixtures/make-pdf'
import { dropBrowserFiles } from './support/browser-files'
import { exitOf, startDemo } from './support/demo-process'

test('npm run demo -- --browser publishes a PDF dropped in the browser, for real, to its emulator', async ({ page }) => {
  test.setTimeout(90_000)
  const { child, ready } = await startDemo(['--browser', '--items', '0'])
  try {
    await page.goto(ready.appUrl)
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible({ timeout: 30_000 })
    const bytes = await makePdf(2, 'Dropped in the demo')
    await dropBrowserFiles(page, [{ name: 'Dropped in the demo – ü.pdf', bytes }])

    // The demo's emulator lists it under the demo key: the file's bytes reached the service.
    const names = async (): Promise<string[]> => {
      const listed = await request(`${ready.baseUrl}/api/list?PageSize=50`, { headers: { 'x-api-key': ready.apiKey } })
      const body = (await listed.body.json()) as { Items?: { Name: string; ID: number }[] }
      return (body.Items ?? []).map((item) => item.Name)
    }
    await expect.poll(names, { timeout: 30_000 }).toEqual(['Dropped in the demo – ü'])
  } finally {
    const exited = exitOf(child)
    child.kill('SIGINT')
    expect(await exited).toBe(0)
  }
})
