import { mkdtempSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startEmulator } from '../emulator'
import { makePdf } from '../emulator/fixtures/make-pdf'
import { E2E_KEY, expect, test } from './fixtures'
import { PublishPage } from './pages/publish-page'
import { snapshotLaptop } from './support/snapshot-laptop'

const dropDir = mkdtempSync(join(tmpdir(), 'flipdrop-e2e-offline-'))
test.use({ signedIn: true, hostOptions: { dropDir } })

test('dropped while the service is out of reach: the jobs wait, offline, and publish once it is back', async ({
  app,
  host,
  emulator,
  page
}) => {
  test.setTimeout(60_000)
  const publish = new PublishPage(page)
  for (const name of ['harbour', 'lighthouse']) await writeFile(join(dropDir, `${name}.pdf`), await makePdf(2, name))
  await expect(app.heading('publish')).toBeVisible()
  const port = Number(new URL(emulator.baseUrl).port)
  const documentPort = Number(new URL(emulator.documentUrl).port)
  await emulator.close()

  await publish.drop([{ name: 'harbour.pdf' }, { name: 'lighthouse.pdf' }])
  await expect(publish.banner).toContainText('Can’t reach the flipbook service')
  await expect(publish.banner.getByRole('button', { name: 'Try now' })).toBeVisible()
  // The strip says why; the rows say just "Waiting", with no line that repeats it.
  for (const name of ['harbour', 'lighthouse']) {
    await expect(publish.row(name)).toHaveAttribute('data-state', 'waiting')
    await expect(publish.state(name)).toHaveText('Waiting')
    await expect(publish.reason(name)).toHaveCount(0)
  }
  await expect(publish.batchHeadline).toHaveText('Waiting · 0 of 2 done')
  await snapshotLaptop(page, 'publish-offline')

  const back = await startEmulator({ keys: [E2E_KEY], port, documentPort, log: () => {} })
  try {
    // What Electron's online event does when the network returns (the queue's own probe also finds it, later).
    host.core.uploads.networkChanged(true)
    for (const name of ['harbour', 'lighthouse']) await expect(publish.row(name)).toHaveAttribute('data-state', 'done', { timeout: 20_000 })
    await expect(publish.banner).toBeHidden()
    expect([...back.state.items.values()].map((item) => item.name).sort()).toEqual(['harbour', 'lighthouse'])
  } finally {
    await back.close()
  }
})
