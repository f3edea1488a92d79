import { existsSync, readFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { catalogFolders } from '../../scripts/make-pseudo-catalogs'
import type { CatalogTree } from '../../src-shared/i18n/pseudo'

/* The catalogs as files, for the checks in test/i18n. */

export const repositoryRoot = new URL('../..', import.meta.url).pathname

export interface AreaCatalogs {
  /** "window/library" */
  name: string
  /** "library": the first part of every key in the area. */
  area: string
  folder: string
  read(language: string): CatalogTree | null
}

export function areaCatalogs(): AreaCatalogs[] {
  return catalogFolders(repositoryRoot).map((folder) => ({
    name: `${basename(join(folder, '..'))}/${basename(folder)}`,
    area: basename(folder),
    folder,
    read(language) {
      const file = join(folder, `${language}.json`)
      return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as CatalogTree) : null
    }
  }))
}

/** Every message of a catalog by its full key ("library.columns.name"). */
export function flatten(tree: CatalogTree, prefix: string): Map<string, string> {
  const messages = new Map<string, string>()
  for (const [key, value] of Object.entries(tree)) {
    const full = `${prefix}.${key}`
    if (typeof value === 'string') messages.set(full, value)
    else for (const [inner, message] of flatten(value, full)) messages.set(inner, message)
  }
  return messages
}

/** The named placeholders of a message, every form together. */
export function placeholdersOf(message: string): string[] {
  return [...new Set([...message.matchAll(/\{\s*([A-Za-z_]\w*)\s*\}/g)].map((match) => match[1] ?? ''))].sort()
}

export function formsOf(message: string): string[] {
  return message.split('|')
}
