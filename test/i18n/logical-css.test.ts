import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { repositoryRoot } from '../support/catalogs'

/*
 * Right to left the window mirrors by itself only if no style says "left" or "right": margins,
 * paddings, borders, positions, text alignment, floats and corners are logical (inline-start,
 * inline-end). A horizontal move (translateX) is mirrored by hand in right-to-left.css; the
 * ones that are, and nothing else, are listed below.
 */

const STYLES = 'src-renderer/src'

/** Physical on purpose: file, the declaration's text, and why. */
const EXCEPTIONS: { file: string; declaration: string; why: string }[] = [
  { file: 'src-renderer/src/styles/settings.css', declaration: 'transform: translateX(16px)', why: 'the switch thumb; right-to-left.css moves it by -16px' },
  { file: 'src-renderer/src/styles/settings.css', declaration: 'transform: translateX(12px)', why: 'the small switch thumb; right-to-left.css moves it by -12px' },
  { file: 'src-renderer/src/styles/right-to-left.css', declaration: 'transform: translateX(-16px)', why: 'the mirror of the switch thumb' },
  { file: 'src-renderer/src/styles/right-to-left.css', declaration: 'transform: translateX(-12px)', why: 'the mirror of the small switch thumb' },
  { file: 'src-renderer/src/styles/readers.css', declaration: 'transform: translateX(-100%)', why: 'the chart tip before its day; right-to-left.css moves it by +100%' },
  { file: 'src-renderer/src/styles/right-to-left.css', declaration: 'transform: translateX(100%)', why: 'the mirror of the chart tip' }
]

const PHYSICAL: { rule: string; test: (property: string, value: string) => boolean }[] = [
  { rule: 'a left or right side (use -inline-start / -inline-end)', test: (p) => /^(scroll-)?(margin|padding|border)-(left|right)(-[a-z]+)?$/.test(p) },
  { rule: 'a left or right position (use inset-inline-start / -end)', test: (p) => p === 'left' || p === 'right' },
  { rule: 'a left or right corner (use border-start-start-radius…)', test: (p) => /^border-(top|bottom)-(left|right)-radius$/.test(p) },
  { rule: 'left or right alignment (use start / end)', test: (p, v) => /^(text-align|float|clear)$/.test(p) && /\b(left|right)\b/.test(v) },
  { rule: 'four sides with different left and right (use -block and -inline)', test: (p, v) => /^(margin|padding|inset|border-width)$/.test(p) && differentSides(v) },
  { rule: 'corners that differ left and right (use the logical corners)', test: (p, v) => p === 'border-radius' && differentCorners(v) },
  { rule: 'a horizontal move (mirror it in right-to-left.css)', test: (p, v) => p === 'transform' && /translateX|translate\(/.test(v) }
]

function differentSides(value: string): boolean {
  const sides = value.split(/\s+(?![^(]*\))/)
  return sides.length === 4 && sides[1] !== sides[3]
}

function differentCorners(value: string): boolean {
  const corners = value.split('/')[0]?.trim().split(/\s+(?![^(]*\))/) ?? []
  if (corners.length === 2) return false
  if (corners.length === 3) return corners[0] !== corners[1]
  return corners.length === 4 && (corners[0] !== corners[1] || corners[2] !== corners[3])
}

function styleFiles(dir: string): string[] {
  return readdirSync(join(repositoryRoot, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return styleFiles(path)
    return /\.(css|vue)$/.test(entry.name) ? [path] : []
  })
}

/** The style text of a file, line numbers kept: a .vue file's style blocks only. */
function styleLines(path: string): { line: number; text: string }[] {
  const lines = readFileSync(join(repositoryRoot, path), 'utf8').split('\n')
  let inStyle = path.endsWith('.css')
  return lines.flatMap((text, index) => {
    if (/^<style\b/.test(text)) inStyle = true
    else if (/^<\/style>/.test(text)) inStyle = false
    return inStyle ? [{ line: index + 1, text }] : []
  })
}

export function physicalDeclarationsIn(path: string): string[] {
  return styleLines(path).flatMap(({ line, text }) => {
    const declaration = /^\s*([a-z-]+)\s*:\s*([^;{]+?)\s*;/.exec(text)
    if (!declaration) return []
    const [, property = '', value = ''] = declaration
    if (EXCEPTIONS.some((exception) => exception.file === path && `${property}: ${value}` === exception.declaration)) return []
    return PHYSICAL.filter(({ test }) => test(property, value)).map(({ rule }) => `${path}:${line}: ${property}: ${value} — ${rule}`)
  })
}

describe('styles are logical, so right to left mirrors the window', () => {
  it('no style says left or right, except the moves mirrored by hand', () => {
    expect(styleFiles(STYLES).flatMap(physicalDeclarationsIn)).toEqual([])
  })

  it('catches what it is for', () => {
    const probe = (property: string, value: string): boolean => PHYSICAL.some(({ test }) => test(property, value))
    expect(probe('margin-left', '4px')).toBe(true)
    expect(probe('border-right-color', 'red')).toBe(true)
    expect(probe('left', '0')).toBe(true)
    expect(probe('text-align', 'right')).toBe(true)
    expect(probe('padding', '0 4px 0 8px')).toBe(true)
    expect(probe('border-radius', '8px 0 0 8px')).toBe(true)
    expect(probe('margin-inline-start', '4px')).toBe(false)
    expect(probe('padding', '0 4px 2px 4px')).toBe(false)
    expect(probe('border-radius', '8px 8px 0 0')).toBe(false)
    expect(probe('transform', 'translateY(-50%)')).toBe(false)
  })

  it('every exception is still there (a stale one would hide nothing)', () => {
    for (const exception of EXCEPTIONS) {
      const text = readFileSync(join(repositoryRoot, exception.file), 'utf8')
      expect(text, `${exception.file}: ${exception.declaration}`).toContain(exception.declaration)
    }
  })
})
