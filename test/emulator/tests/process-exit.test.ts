import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

const ROOT = fileURLToPath(new URL('../../..', import.meta.url))

/**
 * A script that starts the emulator and closes it ends by itself: the PDF judge's thread,
 * started at once and kept while the process runs, holds nothing open (a benchmark run used
 * to print its table and then wait forever on the judge's port).
 */
it('lets a process that started and closed it exit by itself', async () => {
  const script = [
    `const { startEmulator } = await import(${JSON.stringify(new URL('../index.ts', import.meta.url).href)})`,
    `const emulator = await startEmulator({ keys: ['exit-key'], seed: 2, log: () => {} })`,
    `await emulator.close()`,
    `console.log('closed')`
  ].join('\n')
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', script], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()))
  const ended = await new Promise<{ code: number | null; killed: boolean }>((resolve) => {
    // Closed well within this; still running by then means something keeps it alive.
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000)
    child.once('exit', (code, signal) => {
      clearTimeout(timer)
      resolve({ code, killed: signal === 'SIGKILL' })
    })
  })
  expect(out).toContain('closed')
  expect(ended).toEqual({ code: 0, killed: false })
}, 30_000)
