import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { repositoryRoot } from '../support/catalogs'

/*
 * The lint rule no-raw-text keeps words out of templates; this keeps them out of scripts: the
 * window's code (src-renderer/src) and the Electron glue (src-main/shell) hold no sentence of
 * their own, only keys into the catalogs. A sentence is three words or more in a string.
 * Log lines are for engineers and stay English; a line that must keep a sentence says why
 * with `words-exempt: <why>` on it or on the line above.
 */

const ROOTS = ['src-renderer/src', 'src-main/shell']
const SENTENCE = /(['"`])((?:(?!\1)[^\\\n]|\\.)*?\b[A-Za-z][a-z’']+ [a-z’']+ [a-z’']+\b(?:(?!\1)[^\\\n]|\\.)*?)\1/g
const ENGINEERS_ONLY = /\b(log|logger|console)\.(debug|info|warn|error|log)\(|new Error\(|words-exempt:|import |from '|@param|^\s*(\*|\/\/|\/\*)/

function filesUnder(dir: string): string[] {
  return readdirSync(join(repositoryRoot, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return filesUnder(path)
    return /\.(ts|vue)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : []
  })
}

/** The lines of a file that are code: a .vue file's script blocks only (templates are lint's). */
function codeLines(path: string): { line: number; text: string }[] {
  const lines = readFileSync(join(repositoryRoot, path), 'utf8').split('\n')
  let inScript = !path.endsWith('.vue')
  return lines.flatMap((text, index) => {
    if (path.endsWith('.vue') && /^<script\b/.test(text)) inScript = true
    else if (path.endsWith('.vue') && /^<\/script>/.test(text)) inScript = false
    return inScript ? [{ line: index + 1, text }] : []
  })
}

export function sentencesIn(path: string): string[] {
  const lines = codeLines(path)
  return lines.flatMap(({ line, text }, index) => {
    if (ENGINEERS_ONLY.test(text) || /words-exempt:/.test(lines[index - 1]?.text ?? '')) return []
    return [...text.matchAll(SENTENCE)].map((match) => `${relative(repositoryRoot, join(repositoryRoot, path))}:${line}: ${match[0]}`)
  })
}

describe('no sentence outside the catalogs', () => {
  for (const root of ROOTS) {
    it(`${root}: every word a person reads comes from a catalog`, () => {
      expect(filesUnder(root).flatMap(sentencesIn)).toEqual([])
    })
  }
})
