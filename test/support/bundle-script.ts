import { mkdir, mkdtemp } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = fileURLToPath(new URL('../..', import.meta.url))
const intake = join(root, 'src-main/core/queue/intake')

/**
 * Bundles a child-process script (and the intake's workers, which the core starts beside
 * itself) into one file, for tests that start it dozens of times: Node loads the bundle in a
 * fraction of the time tsx takes to load the core's modules one by one (the crash test's 31
 * starts). Packages stay outside, found in node_modules: the folder is under the repository.
 */
export async function bundleScript(entry: string): Promise<string> {
  const cache = join(root, 'node_modules/.cache')
  await mkdir(cache, { recursive: true })
  const outdir = await mkdtemp(join(cache, 'flipdrop-test-bundle-'))
  await build({
    entryPoints: { script: entry, 'pdf-parse-worker': join(intake, 'pdf-parse-worker.ts'), 'inspect-worker': join(intake, 'inspect-worker.ts') },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'error'
  })
  return join(outdir, 'script.js')
}
