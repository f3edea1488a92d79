import { spawn } from 'node:child_process'
import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'

/*
 * `npm test`: every check, each step's output kept together. Two phases: the static checks and
 * the build side by side (they share nothing but the source), then the unit/integration tests
 * and the end-to-end tests side by side (both need the build; most of their time is waiting on
 * loopback HTTP, files and Chromium, not on the CPU). A step's output is printed whole when it
 * ends, so two runners never interleave; a line every minute says what is still running.
 */

interface Step {
  name: string
  command: string
  args: string[]
  env?: Record<string, string>
}

interface Outcome {
  name: string
  code: number
  seconds: number
}

const root = fileURLToPath(new URL('..', import.meta.url))
const bin = (tool: string): string => `${root}node_modules/.bin/${tool}`

const checks: Step[] = [
  { name: 'lint', command: bin('eslint'), args: ['--max-warnings', '0', '.'] },
  { name: 'typecheck main', command: bin('tsc'), args: ['-p', 'tsconfig.node.json'] },
  { name: 'typecheck e2e', command: bin('tsc'), args: ['-p', 'tsconfig.e2e.json'] },
  { name: 'typecheck renderer', command: bin('vue-tsc'), args: ['-p', 'tsconfig.web.json'] },
  { name: 'layers', command: bin('tsx'), args: ['scripts/check-layers.ts'] },
  { name: 'build', command: bin('electron-vite'), args: ['build', '--logLevel', 'warn'] }
]

const tests: Step[] = [
  // The build just made is the command the tests start as a child (test/support/command-line.ts).
  { name: 'vitest', command: bin('vitest'), args: ['run'], env: { FLIPDROP_TEST_BUILT_COMMAND: '1' } },
  { name: 'playwright', command: bin('playwright'), args: ['test'] }
]

function run(step: Step): Promise<Outcome> {
  const started = performance.now()
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env['FORCE_COLOR'] ?? '0', ...step.env } })
    const output: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk))
    const finish = (code: number): void => {
      const seconds = (performance.now() - started) / 1000
      process.stdout.write(`\n──── ${step.name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds.toFixed(0)} s ────\n`)
      process.stdout.write(Buffer.concat(output))
      resolve({ name: step.name, code, seconds })
    }
    child.once('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`))
      finish(127)
    })
    child.once('close', (code, signal) => finish(code ?? (signal ? 128 : 1)))
  })
}

/** Runs the steps, at most `width` at a time, in the order given. */
async function inParallel(steps: Step[], width: number): Promise<Outcome[]> {
  const outcomes: Outcome[] = []
  const waiting = [...steps]
  const running = new Set<string>()
  const ticker = setInterval(() => process.stdout.write(`… still running: ${[...running].join(', ')}\n`), 60_000)
  const lane = async (): Promise<void> => {
    for (let step = waiting.shift(); step; step = waiting.shift()) {
      running.add(step.name)
      outcomes.push(await run(step))
      running.delete(step.name)
    }
  }
  try {
    await Promise.all(Array.from({ length: Math.min(width, steps.length) }, lane))
  } finally {
    clearInterval(ticker)
  }
  return outcomes
}

const started = performance.now()
const width = Math.max(2, availableParallelism())
const outcomes = await inParallel(checks, width)
// The tests need the build; a failed check stops here, as `a && b` would.
if (outcomes.every((outcome) => outcome.code === 0)) outcomes.push(...(await inParallel(tests, tests.length)))
console.log('\n──── npm test ────')
for (const outcome of outcomes) console.log(`${outcome.code === 0 ? 'pass' : 'FAIL'}  ${outcome.seconds.toFixed(0).padStart(4)} s  ${outcome.name}`)
console.log(`total ${((performance.now() - started) / 1000).toFixed(0)} s`)
process.exitCode = outcomes.every((outcome) => outcome.code === 0) && outcomes.length === checks.length + tests.length ? 0 : 1
