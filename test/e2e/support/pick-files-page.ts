import { fileURLToPath } from 'node:url'
import type { Page } from '@playwright/test'
import { buildSync } from 'esbuild'
import { fixturePagePath } from '../../host/fixture-pages'
import type { TestHost } from '../../host/test-host'

const FIXTURE = fileURLToPath(new URL('./pick-files-fixture.ts', import.meta.url))
const NAME = 'pick-files'
let bundled: string | null = null

/**
 * The test host's `fixturePages` entry for the pick-files page (pick-files-fixture.ts, with
 * Vue and the composable bundled in). Synchronous, so a spec can pass it to test.use().
 */
export function pickFilesPage(): Record<string, string> {
  bundled ??= bundle()
  return { [NAME]: bundled }
}

function bundle(): string {
  const result = buildSync({
    entryPoints: [FIXTURE],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'chrome120',
    // The composables' words come through i18n.ts, whose catalogs only Vite's import.meta.glob
    // finds: here no catalog is bundled, and the page (which shows no words) gets none.
    banner: { js: 'import.meta.glob = () => ({});' },
    define: {
      'process.env.NODE_ENV': '"production"',
      __VUE_OPTIONS_API__: 'false',
      __VUE_PROD_DEVTOOLS__: 'false',
      __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false'
    }
  })
  const output = result.outputFiles[0]
  if (!output) throw new Error('esbuild produced no pick-files page')
  return output.text
}

/** Opens the pick-files page the host serves (give the host pickFilesPage() as fixturePages). */
export async function openPickFilesPage(page: Page, host: TestHost): Promise<void> {
  await page.goto(new URL(fixturePagePath(NAME), host.url).href)
  await page.getByRole('button', { name: 'Add PDFs…' }).waitFor()
}
