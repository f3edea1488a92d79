import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import type { Core } from '../../src-main/core/core'
import { FINISHED_STATES } from '../../src-shared/domain/queue'
import { VIEWS } from '../../src-shared/domain/views'
import { VIEW_TITLES } from '../support/view-titles'
import { makePdf } from '../emulator/fixtures/make-pdf'
import type { SoakService } from './soak-service'

/** How long the soak waits for the app to finish something before it calls the run broken. */
const WAIT_LIMIT_MS = 120_000

/** What one round of the soak does; the run splits the totals over its rounds. */
export interface RoundWork {
  uploads: number
  batch: number
  refreshes: number
  switches: number
  viewChanges: number
  hotFolderSaves: number
  outage: boolean
}

export interface SoakWorld {
  core: () => Core
  page: Page
  service: SoakService
  /** Where batches are written before they are dropped (memory-backed when there is one). */
  scratchDir: string
  hotFolder: string
  /** The two signed-in accounts, switched between. */
  accounts: readonly [string, string]
}

/** What the rounds did, for the table. */
export interface SoakTally {
  published: number
  failed: number
  refreshes: number
  switches: number
  viewChanges: number
  hotFolderSaves: number
  outages: number
}

export const emptyTally = (): SoakTally => ({ published: 0, failed: 0, refreshes: 0, switches: 0, viewChanges: 0, hotFolderSaves: 0, outages: 0 })

let fileSerial = 0

async function until(what: string, done: () => boolean): Promise<void> {
  const deadline = Date.now() + WAIT_LIMIT_MS
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`the soak waited too long for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

/** Waits until every job is finished, counts them, and clears them as the user's "Clear finished" does. */
async function settleQueue(world: SoakWorld, tally: SoakTally): Promise<void> {
  await until('the queue to finish', () => world.core().uploads.list().jobs.every((job) => FINISHED_STATES.includes(job.state)))
  const jobs = world.core().uploads.list().jobs
  tally.published += jobs.filter((job) => job.state === 'done').length
  tally.failed += jobs.filter((job) => job.state !== 'done').length
  await world.core().uploads.clearFinished()
}

async function writePdfs(folder: string, count: number): Promise<void> {
  for (let index = 0; index < count; index++) {
    fileSerial++
    await writeFile(join(folder, `soak-${String(fileSerial).padStart(6, '0')}.pdf`), await makePdf(1, `soak ${fileSerial}`))
  }
}

/** Drops `count` new PDFs in batches, as files dragged onto the window, and waits for them to be published. */
async function uploadBatches(world: SoakWorld, count: number, batch: number): Promise<void> {
  for (let start = 0; start < count; start += batch) {
    const folder = await mkdtemp(join(world.scratchDir, 'batch-'))
    await writePdfs(folder, Math.min(batch, count - start))
    const result = await world.core().uploads.enqueuePaths({ paths: [folder], docType: 'Flipbook', onSameContent: 'ask' })
    if (result.refused.length > 0) throw new Error(`a batch was refused: ${result.refused[0]?.reason ?? ''}`)
    await until('a batch to finish', () => world.core().uploads.list().jobs.every((job) => FINISHED_STATES.includes(job.state)))
    await rm(folder, { recursive: true, force: true })
  }
}

/** Saves new PDFs into the hot folder one by one, each published by the folder watcher. */
async function hotFolderSaves(world: SoakWorld, count: number): Promise<void> {
  for (let save = 0; save < count; save++) {
    const before = world.core().uploads.list().jobs.length
    await writePdfs(world.hotFolder, 1)
    await until('a hot-folder save to be queued', () => world.core().uploads.list().jobs.length > before)
    await until('a hot-folder save to be published', () => world.core().uploads.list().jobs.every((job) => FINISHED_STATES.includes(job.state)))
  }
  // Published files are moved out of the folder and unlinked (a link to a file gone stays,
  // shown as missing, until the user unlinks it), so each round starts with the same folder.
  for (const name of await readdir(world.hotFolder)) await rm(join(world.hotFolder, name), { force: true })
  for (const link of (await world.core().links.list()).links) {
    if (link.path.startsWith(world.hotFolder)) await world.core().links.unlink({ linkId: link.id })
  }
}

/** Clicks through the sidebar's views in the page, each change waiting for the next frame. */
async function changeViews(page: Page, count: number): Promise<void> {
  const titles = VIEWS.map((view) => VIEW_TITLES[view])
  await page.evaluate(
    async ({ titles: names, count: changes }) => {
      type Button = { querySelector(selector: string): { textContent: string | null } | null; click(): void }
      const view = globalThis as unknown as {
        document: { querySelectorAll(selector: string): Iterable<Button> }
        requestAnimationFrame(callback: () => void): number
      }
      for (let change = 0; change < changes; change++) {
        const name = names[change % names.length]
        const button = [...view.document.querySelectorAll('nav .nav-item')].find((candidate) => candidate.querySelector('.nav-label')?.textContent?.trim() === name)
        if (!button) throw new Error(`no sidebar button ${String(name)}`)
        button.click()
        await new Promise((resolve) => view.requestAnimationFrame(() => setTimeout(resolve, 0)))
      }
    },
    { titles, count }
  )
}

/** The service goes away while the app works (a refresh fails, a batch waits), then comes back at the same address. */
async function outage(world: SoakWorld, tally: SoakTally): Promise<void> {
  await world.service.stop()
  await world.core().library.sync()
  const folder = await mkdtemp(join(world.scratchDir, 'offline-'))
  await writePdfs(folder, 2)
  await world.core().uploads.enqueuePaths({ paths: [folder], docType: 'Flipbook', onSameContent: 'ask' })
  await until('the app to notice the service is away', () => !world.core().uploads.list().connectivity.online)
  await world.service.start()
  // "Try now", as the user would; the probe would find it on its own a second later.
  await world.core().uploads.checkNow()
  await settleQueue(world, tally)
  await rm(folder, { recursive: true, force: true })
  tally.outages++
}

/** One round: uploads, hot-folder saves, switches, refreshes, view changes, maybe an outage; the service then deletes everything. */
export async function runRound(world: SoakWorld, work: RoundWork, tally: SoakTally): Promise<void> {
  await uploadBatches(world, work.uploads, work.batch)
  await hotFolderSaves(world, work.hotFolderSaves)
  tally.hotFolderSaves += work.hotFolderSaves
  await settleQueue(world, tally)
  for (let change = 0; change < work.switches; change++) {
    const next = world.accounts[(tally.switches + 1) % 2] ?? world.accounts[0]
    await world.core().auth.switch({ userId: next })
    tally.switches++
  }
  await changeViews(world.page, work.viewChanges)
  tally.viewChanges += work.viewChanges
  if (work.outage) await outage(world, tally)
  // What was published goes on the service's side, so each round starts from the same library.
  await world.service.deleteEverything()
  for (let refresh = 0; refresh < work.refreshes; refresh++) {
    const state = await world.core().library.sync()
    if (state.phase !== 'idle') throw new Error(`a library refresh did not finish: ${state.message ?? ''}`)
    tally.refreshes++
  }
}

/** Shows one view by its sidebar button (the counts are taken on the same view each time). */
export async function showView(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: title, exact: true }).click()
}
