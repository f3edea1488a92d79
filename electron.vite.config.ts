import { resolve } from 'node:path'
import vue from '@vitejs/plugin-vue'
import { defineConfig } from 'electron-vite'
import type { Plugin } from 'vite'

/**
 * In `npm run dev` only, Vite injects styles inline and talks to its HMR socket, which
 * the strict policy in index.html forbids; this loosens exactly those two directives.
 * Builds keep the strict policy untouched.
 */
function devServerCsp(): Plugin {
  return {
    name: 'flipdrop-dev-csp',
    apply: 'serve',
    transformIndexHtml: (html) =>
      html
        .replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")
        .replace("connect-src 'self'", "connect-src 'self' ws://localhost:* http://localhost:*")
  }
}

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: {
        input: { index: resolve('src-main/index.ts') }
      }
    }
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload cannot load npm packages at run time: bundle zod and the contract in.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve('src-preload/index.ts') },
        output: {
          // Sandboxed preloads run as a plain script with a polyfilled require(), never as an
          // ES module, so the code must be CommonJS. The .mjs name is only the file name our
          // layout promises; test/preload/built-preload.test.ts proves it loads as a script.
          format: 'cjs',
          entryFileNames: '[name].mjs'
        }
      }
    }
  },
  renderer: {
    root: 'src-renderer',
    plugins: [vue(), devServerCsp()],
    build: {
      outDir: 'out/renderer',
      rollupOptions: {
        input: { index: resolve('src-renderer/index.html') }
      }
    }
  }
})
