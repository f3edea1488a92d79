import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../../..', import.meta.url))

/** The ready line of `npm run demo`. */
export interface DemoReady {
  appUrl: string
  baseUrl: string
  documentUrl: string
  apiKey: string
}

/** Starts `npm run demo` with `args`; resolves with the child and its parsed ready line. */
export function startDemo(args: string[]): Promise<{ child: ChildProcess; ready: DemoReady; stdout: () => string }> {
  const child = spawn('npm', ['run', '--silent', 'demo', '--', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString()
      const line = /^demo ready (\{.*\})$/m.exec(stdout)
      if (line?.[1]) resolve({ child, ready: JSON.parse(line[1]) as DemoReady, stdout: () => stdout })
    })
    child.once('exit', (code) => reject(new Error(`the demo exited (${String(code)}) before it was ready`)))
  })
}

/** Resolves with the child's exit code once it has exited. */
export function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)))
}
