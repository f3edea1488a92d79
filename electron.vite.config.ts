import { resolve } from 'node:path'
import VueI18nPlugin from '@intlify/unplugin-vue-i18n/vite'
import vue from '@vitejs/plugin-vue'
import { defineConfig } from 'electron-vite'
import { devServerCsp } from './src-main/shell/content-security-policy'

/**
 * The window's message catalogs, compiled at build time: the renderer ships vue-i18n's runtime
 * only, no message compiler (and nothing that would need 'unsafe-eval').
 */
/** "…/i18n/window/library/de.json" → "catalog-de"; English and everything else: no group. */
function catalogChunkOf(moduleId: string): string | null {
  const language = /src-shared\/i18n\/(?:window|core)\/[^/]+\/([\w-]+)\.json$/.exec(moduleId)?.[1]
  return language === undefined || language === 'en' ? null : `catalog-${language}`
}

export function windowCatalogs() {
  return VueI18nPlugin({ include: [resolve('src-shared/i18n/window/**'), resolve('src-shared/i18n/core/**')], strictMessage: true, escapeHtml: false, dropMessageCompiler: true })
}

export default defineConfig({
  main: {
    resolve: {
      // pdfjs-dist stays a devDependency: the parse worker's copy is bundled into out/main, and
      // its minified build is the same code at half the size.
      alias: [
        { find: /^pdfjs-dist\/legacy\/build\/pdf\.mjs$/, replacement: resolve('node_modules/pdfjs-dist/legacy/build/pdf.min.mjs') },
        { find: /^pdfjs-dist\/legacy\/build\/pdf\.worker\.mjs$/, replacement: resolve('node_modules/pdfjs-dist/legacy/build/pdf.worker.min.mjs') }
      ]
    },
    build: {
      outDir: 'out/main',
      // externalizeDeps (on by default) leaves out only package.json's `dependencies`: keytar, a
      // native module. Every pure-JavaScript package is a devDependency and bundled here, so
      // app.asar ships no node_modules but keytar (test/build/packaged-app.test.ts).
      rollupOptions: {
        input: {
          index: resolve('src-main/index.ts'),
          // The headless command, on the same core (it never imports electron).
          cli: resolve('src-main/cli/index.ts'),
          // A worker thread is its own entry: inspect-off-thread.ts starts out/main/inspect-worker.js.
          'inspect-worker': resolve('src-main/core/queue/intake/inspect-worker.ts'),
          // The parse worker (parse-off-thread.ts): pdf.js for unusual PDFs, with a time and heap budget.
          'pdf-parse-worker': resolve('src-main/core/queue/intake/pdf-parse-worker.ts')
        },
        // Shared chunks sit beside the entries, so code in a chunk finds inspect-worker.js with
        // `new URL('./inspect-worker.js', import.meta.url)` (inspect-off-thread.ts).
        output: { chunkFileNames: '[name]-[hash].js' }
      }
    }
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // It runs before the page's first script on every start: smaller parses sooner (issue 28).
      minify: true,
      // A sandboxed preload cannot load npm packages at run time: bundle zod and the contract in.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve('src-preload/index.ts') },
        output: {
          // Sandboxed preloads run as a plain script with a polyfilled require(), never as an
          // ES module, so the code is CommonJS, in a .cjs file so it also loads correctly if the
          // sandbox were ever off (test/preload/built-preload.test.ts runs it as a script).
          format: 'cjs',
          entryFileNames: '[name].cjs'
        }
      }
    }
  },
  renderer: {
    root: 'src-renderer',
    plugins: [vue(), windowCatalogs()],
    // The built app gets its policy as a header from the app:// handler; the dev server sends
    // the same one, loosened only for Vite's inline styles and HMR socket.
    server: { headers: { 'Content-Security-Policy': devServerCsp() } },
    build: {
      outDir: 'out/renderer',
      // A smaller script parses and compiles sooner: the window's first rows come earlier (issue 28).
      minify: true,
      rollupOptions: {
        input: { index: resolve('src-renderer/index.html') },
        // One chunk per language (every area's catalog of it): a window in German loads one file
        // before its first paint, not one per area. English stays in the first chunk (the fallback).
        output: { codeSplitting: { groups: [{ name: catalogChunkOf, debugName: 'catalog per language' }] } }
      }
    }
  }
})
