import vue from '@vitejs/plugin-vue'
import { defineConfig } from 'vitest/config'
import { windowCatalogs } from './electron.vite.config'
import { TIMING_SENSITIVE_FILES } from './test/timing-sensitive-files'

/*
 * Both cores: most files wait on loopback HTTP, files and child processes, so two run side by
 * side (vitest's default on a 2-core machine is one). Three were tried: alone they kept 1.65
 * cores busy, but beside Playwright in `npm test` the machine is already full (vitest 562 →
 * 552 s, Playwright 395 → 473 s): 13 s gained for more contention. The few files whose assertions are
 * about FlipDrop's own wall-clock bounds run afterwards, one at a time
 * (test/timing-sensitive-files.ts).
 */
const node = {
  environment: 'node' as const,
  testTimeout: 30_000,
  hookTimeout: 30_000
}

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          ...node,
          name: 'node',
          include: ['test/**/*.test.ts'],
          exclude: ['test/renderer/**', 'test/e2e/**', ...TIMING_SENSITIVE_FILES]
        }
      },
      {
        plugins: [vue(), windowCatalogs()],
        test: {
          name: 'renderer',
          environment: 'happy-dom',
          include: ['test/renderer/**/*.test.ts']
        }
      },
      {
        test: {
          ...node,
          name: 'node-timing',
          include: [...TIMING_SENSITIVE_FILES],
          fileParallelism: false,
          sequence: { groupOrder: 1 }
        }
      }
    ]
  }
})
