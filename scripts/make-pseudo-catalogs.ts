import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PSEUDO_LANGUAGES, pluralFormsOf } from '../src-shared/i18n/languages'
import { pseudoCatalog, type CatalogTree } from '../src-shared/i18n/pseudo'

/*
 * `npm run i18n:pseudo`: writes en-XA.json and ar-XB.json beside every English catalog, made
 * from it (src-shared/i18n/pseudo.ts). The catalog test fails when one is out of date.
 */

export const CATALOG_ROOTS = ['src-shared/i18n/window', 'src-shared/i18n/desktop', 'src-shared/i18n/core'] as const

const root = fileURLToPath(new URL('..', import.meta.url))

/** Every folder holding one area's catalogs (one JSON file per language). */
export function catalogFolders(base = root): string[] {
  return CATALOG_ROOTS.flatMap((catalogRoot) => {
    const dir = join(base, catalogRoot)
    if (!existsSync(dir)) return []
    return readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => join(dir, entry.name))
  })
}

/** The pseudo catalogs of one folder, as their file names and text. */
export function pseudoFilesOf(folder: string): { file: string; text: string }[] {
  const english = JSON.parse(readFileSync(join(folder, 'en.json'), 'utf8')) as CatalogTree
  return PSEUDO_LANGUAGES.map(({ code, dir }) => ({
    file: join(folder, `${code}.json`),
    text: `${JSON.stringify(pseudoCatalog(english, { rtl: dir === 'rtl', forms: pluralFormsOf(code) }), null, 2)}\n`
  }))
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let written = 0
  for (const folder of catalogFolders()) {
    for (const { file, text } of pseudoFilesOf(folder)) {
      writeFileSync(file, text)
      written++
    }
  }
  console.log(`Wrote ${written} pseudo catalogs.`)
}
