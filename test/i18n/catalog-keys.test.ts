import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { areaCatalogs, flatten, repositoryRoot } from '../support/catalogs'

/*
 * Every English message is used by the code that owns its catalog (the window's by
 * src-renderer, the desktop's and the core's sentences by src-main), and every key the code
 * asks for exists. Keys are always written out whole in the code (`t('library.title')`,
 * `sentence('coreService.network')`), so both are found by reading it.
 */

const CODE_OF = { window: 'src-renderer/src', desktop: 'src-main', core: 'src-main' } as const
/** How each code asks for a message: the window and the desktop by t(), the core by sentence(). */
const ASKS = { window: /\bt\(\s*['"`]([\w.]+)['"`]/g, desktop: /\bt\(\s*['"`]([\w.]+)['"`]/g, core: /\bsentence\(\s*['"`]([\w.]+)['"`]/g } as const

function sourceUnder(dir: string): string {
  return readdirSync(join(repositoryRoot, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|vue)$/.test(entry.name))
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'))
    .join('\n')
}

describe('catalog keys', () => {
  for (const [catalogRoot, codeRoot] of Object.entries(CODE_OF)) {
    const areas = areaCatalogs().filter((catalog) => catalog.name.startsWith(`${catalogRoot}/`))
    if (areas.length === 0) continue
    const source = sourceUnder(codeRoot)
    const known = new Set(areas.flatMap((catalog) => [...flatten(catalog.read('en') ?? {}, catalog.area).keys()]))

    it(`${catalogRoot}: every English message is used by ${codeRoot}`, () => {
      const unused = [...known].filter((key) => !source.includes(`'${key}'`) && !source.includes(`"${key}"`) && !source.includes(`\`${key}\``))
      expect(unused).toEqual([])
    })

    it(`${catalogRoot}: every key ${codeRoot} asks for exists`, () => {
      const areaNames = new Set(areas.map((catalog) => catalog.area))
      const asked = [...source.matchAll(ASKS[catalogRoot as keyof typeof ASKS])].map((match) => match[1] ?? '')
      const missing = [...new Set(asked)].filter((key) => areaNames.has(key.split('.')[0] ?? '') && !known.has(key))
      expect(missing).toEqual([])
    })
  }
})
