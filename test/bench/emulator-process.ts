import { spawn, type ChildProcess } from 'node:child_process'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../..', import.meta.url))

/**
 * Runs the emulator in its own process, so the client under test and curl both talk to a
 * server that does not share their event loop or their memory.
 */
export async function spawnEmulator(args: string[]): Promise<{ baseUrl: string; documentUrl: string; stop(): Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'test/emulator/cli.ts', ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit']
  })
  const stdout = child.stdout
  if (!stdout) throw new Error('emulator has no stdout')
  const lines = createInterface({ input: stdout })
  const { baseUrl, documentUrl } = await new Promise<{ baseUrl: string; documentUrl: string }>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`emulator exited with ${String(code)}`)))
    lines.on('line', (line) => {
      const match = /^emulator ready (.*)$/.exec(line)
      if (match?.[1]) resolve(JSON.parse(match[1]) as { baseUrl: string; documentUrl: string })
    })
  })
  return {
    baseUrl,
    documentUrl,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      })
  }
}
