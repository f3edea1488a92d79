import { builtinModules } from 'node:module'
import { posix } from 'node:path'

/** One broken layer rule: which file, what it imported, and which rule it broke. */
export interface LayerViolation {
  file: string
  specifier: string
  rule: string
}

const NODE_BUILTINS = new Set(builtinModules)

function isNodeBuiltin(specifier: string): boolean {
  return specifier.startsWith('node:') || NODE_BUILTINS.has(specifier.split('/')[0] ?? '')
}

function isElectron(specifier: string): boolean {
  return specifier === 'electron' || specifier.startsWith('electron/')
}

/**
 * Packages that only make sense with a DOM (or a UI framework) around them. Matched by
 * prefix, so `vue-router` and `@tanstack/vue-virtual` count while the framework-neutral
 * `@tanstack/virtual-core` does not. pdfjs-dist is left out on purpose: its legacy build
 * runs in plain Node.
 */
function isDomModule(specifier: string): boolean {
  return ['vue', 'pinia', '@vue/', '@vueuse/', '@tanstack/vue-', 'happy-dom'].some(
    (name) => specifier === name || specifier.startsWith(name)
  )
}

/** Where a relative import lands, as a repo-relative posix path; undefined for packages. */
function resolveRelative(file: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined
  return posix.normalize(posix.join(posix.dirname(file), specifier))
}

function inside(path: string | undefined, folder: string): boolean {
  return path !== undefined && (path === folder || path.startsWith(`${folder}/`))
}

interface Rule {
  name: string
  appliesTo: (file: string) => boolean
  forbids: (specifier: string, target: string | undefined) => boolean
}

/**
 * The layers, pointing one way: renderer → shared ← preload, main → core → shared.
 * Main never reaches into the renderer or preload, and core stays free of UI code.
 * Paths are repo-relative with forward slashes.
 */
const RULES: Rule[] = [
  {
    name: 'src-main/core must not import electron (it runs in plain Node)',
    appliesTo: (file) => inside(file, 'src-main/core'),
    forbids: (specifier) => isElectron(specifier)
  },
  {
    name: 'src-main/core must not import the Electron glue (ipc, shell, index)',
    appliesTo: (file) => inside(file, 'src-main/core'),
    forbids: (_specifier, target) =>
      inside(target, 'src-main/ipc') || inside(target, 'src-main/shell') || target === 'src-main/index'
  },
  {
    // Core is the part that can be run and tested without a window, so no UI framework.
    name: 'src-main/core must not import Vue or DOM modules',
    appliesTo: (file) => inside(file, 'src-main/core'),
    forbids: (specifier) => isDomModule(specifier)
  },
  {
    // Main talks to the other processes only through the contract in src-shared.
    name: 'src-main must not import from src-renderer or src-preload',
    appliesTo: (file) => inside(file, 'src-main'),
    forbids: (_specifier, target) => inside(target, 'src-renderer') || inside(target, 'src-preload')
  },
  {
    name: 'src-shared must not import Node, Electron or DOM modules',
    appliesTo: (file) => inside(file, 'src-shared'),
    forbids: (specifier) => isNodeBuiltin(specifier) || isElectron(specifier) || isDomModule(specifier)
  },
  {
    name: 'src-shared must not import from the processes',
    appliesTo: (file) => inside(file, 'src-shared'),
    forbids: (_specifier, target) =>
      inside(target, 'src-main') || inside(target, 'src-renderer') || inside(target, 'src-preload')
  },
  {
    name: 'src-renderer must not import from src-main or src-preload',
    appliesTo: (file) => inside(file, 'src-renderer'),
    forbids: (_specifier, target) => inside(target, 'src-main') || inside(target, 'src-preload')
  },
  {
    name: 'src-renderer must not import Node or Electron',
    appliesTo: (file) => inside(file, 'src-renderer'),
    forbids: (specifier) => isNodeBuiltin(specifier) || isElectron(specifier)
  },
  {
    name: 'src-preload must not import from src-main or src-renderer',
    appliesTo: (file) => inside(file, 'src-preload'),
    forbids: (_specifier, target) => inside(target, 'src-main') || inside(target, 'src-renderer')
  }
]

/** Checks one file's imports against every rule that applies to it. */
export function checkImports(file: string, specifiers: readonly string[]): LayerViolation[] {
  const violations: LayerViolation[] = []
  for (const rule of RULES) {
    if (!rule.appliesTo(file)) continue
    for (const specifier of specifiers) {
      if (rule.forbids(specifier, resolveRelative(file, specifier))) {
        violations.push({ file, specifier, rule: rule.name })
      }
    }
  }
  return violations
}
