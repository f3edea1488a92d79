import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { findLayerViolations } from '../../scripts/check-layers'
import { readImports } from '../../scripts/layers/imports'
import { checkImports } from '../../scripts/layers/rules'

const root = fileURLToPath(new URL('../..', import.meta.url))

describe('the layer rules', () => {
  it.each([
    ['src-main/core/api/client.ts', 'electron', 'src-main/core must not import electron'],
    ['src-main/core/core.ts', '../shell/app-menu', 'must not import the Electron glue'],
    ['src-shared/domain/item.ts', 'node:fs', 'src-shared must not import Node'],
    ['src-shared/domain/item.ts', 'path', 'src-shared must not import Node'],
    ['src-shared/domain/item.ts', 'vue', 'DOM modules'],
    ['src-shared/contract/app.ts', '../../src-main/core/core', 'must not import from the processes'],
    ['src-renderer/src/App.vue', '../../src-main/core/core', 'src-renderer must not import from src-main'],
    ['src-renderer/src/App.vue', '../../src-preload/index', 'src-renderer must not import from src-main or src-preload'],
    ['src-renderer/src/main.ts', 'electron', 'src-renderer must not import Node or Electron'],
    ['src-preload/index.ts', '../src-main/core/core', 'src-preload must not import'],
    ['src-main/shell/x.ts', '../../src-renderer/src/App.vue', 'src-main must not import from src-renderer or src-preload'],
    ['src-main/index.ts', '../src-preload/index', 'src-main must not import from src-renderer or src-preload'],
    ['src-main/core/x.ts', 'vue', 'src-main/core must not import Vue or DOM modules'],
    ['src-main/core/x.ts', 'pinia', 'src-main/core must not import Vue or DOM modules'],
    ['src-main/core/x.ts', '@vueuse/core', 'src-main/core must not import Vue or DOM modules'],
    ['src-main/core/x.ts', '@tanstack/vue-virtual', 'src-main/core must not import Vue or DOM modules'],
    ['src-shared/domain/item.ts', '@vueuse/core', 'DOM modules']
  ])('%s importing %s breaks "%s"', (file, specifier, rule) => {
    const violations = checkImports(file, [specifier])
    expect(violations.map((v) => v.rule).join('\n')).toContain(rule)
  })

  it.each([
    ['src-main/core/core.ts', './log'],
    ['src-main/core/core.ts', 'node:fs'],
    ['src-main/shell/main-window.ts', 'electron'],
    ['src-renderer/src/App.vue', '../../src-shared/contract'],
    ['src-preload/index.ts', '../src-shared/contract/bridge'],
    ['src-shared/contract/app.ts', 'zod'],
    ['src-main/shell/main-window.ts', '../../src-shared/contract'],
    // pdfjs-dist's legacy build runs in plain Node, and the virtualizer core is framework-free.
    ['src-main/core/x.ts', 'pdfjs-dist/legacy/build/pdf.mjs'],
    ['src-main/core/x.ts', '@tanstack/virtual-core']
  ])('%s may import %s', (file, specifier) => {
    expect(checkImports(file, [specifier])).toEqual([])
  })

  it('reads imports of every form, including Vue script blocks, and ignores comments', () => {
    const vue = `<script setup lang="ts">\nimport x from 'a'\n// import y from 'ignored'\nconst z = await import('b')\n</script>\n<template><div/></template>`
    expect(readImports('x.vue', vue)).toEqual(['a', 'b'])
    expect(readImports('x.ts', `export * from 'c'\nimport type { T } from 'd'\nconst e = require('e')`)).toEqual(['c', 'd', 'e'])
  })
})

describe('findLayerViolations', () => {
  let temp: string | undefined
  afterEach(async () => {
    if (temp) await rm(temp, { recursive: true, force: true })
  })

  it('passes on this repository', async () => {
    await expect(findLayerViolations(root)).resolves.toEqual([])
  })

  it('fails on a planted violation', async () => {
    temp = await mkdtemp(join(tmpdir(), 'flipdrop-layers-'))
    const files: Record<string, string> = {
      'src-main/core/sneaky.ts': "import { app } from 'electron'\nexport const x = app\n",
      'src-shared/domain/fine.ts': 'export const y = 1\n',
      'src-main/shell/peek.ts': "import App from '../../src-renderer/src/App.vue'\nexport const x = App\n",
      'src-renderer/src/Bad.vue': "<script setup lang=\"ts\">\nimport { createCore } from '../../src-main/core/core'\n</script>\n"
    }
    for (const [path, source] of Object.entries(files)) {
      await mkdir(dirname(join(temp, path)), { recursive: true })
      await writeFile(join(temp, path), source)
    }
    const violations = await findLayerViolations(temp)
    expect(violations.map((v) => `${v.file} -> ${v.specifier}`).sort()).toEqual([
      'src-main/core/sneaky.ts -> electron',
      'src-main/shell/peek.ts -> ../../src-renderer/src/App.vue',
      'src-renderer/src/Bad.vue -> ../../src-main/core/core'
    ])
  })
})
