import { readdir, readFile } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
import { pathToFileURL } from 'node:url'
import { readImports } from './layers/imports'
import { checkImports, type LayerViolation } from './layers/rules'

const SOURCE_ROOTS = ['src-main', 'src-preload', 'src-renderer', 'src-shared']
const SOURCE_FILE = /\.(ts|vue)$/

async function listSources(root: string): Promise<string[]> {
  const files: string[] = []
  for (const folder of SOURCE_ROOTS) {
    const entries = await readdir(join(root, folder), { recursive: true, withFileTypes: true }).catch(() => [])
    for (const entry of entries) {
      if (!entry.isFile() || !SOURCE_FILE.test(entry.name)) continue
      const absolute = join(entry.parentPath, entry.name)
      files.push(relative(root, absolute).split(sep).join('/'))
    }
  }
  return files
}

/** Finds every layer violation in the source folders under `root`. */
export async function findLayerViolations(root: string): Promise<LayerViolation[]> {
  const violations: LayerViolation[] = []
  for (const path of await listSources(root)) {
    const source = await readFile(join(root, path), 'utf8')
    violations.push(...checkImports(path, readImports(path, source)))
  }
  return violations
}

async function main(): Promise<void> {
  const violations = await findLayerViolations(process.cwd())
  for (const v of violations) console.error(`${v.file}: imports "${v.specifier}": ${v.rule}`)
  if (violations.length > 0) {
    console.error(`Layer check failed: ${violations.length} violation(s).`)
    process.exit(1)
  }
  console.log('Layer check passed.')
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main()
