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
  output: string
}

/** CI shows only the tail of the log: a failed step's failures are repeated under the table, briefly. */
const FAILURE_LINE = /(\bFAIL\b|AssertionError|Error:|^\s+\d+\) |✘|×|Timeout|timed out|\d+:\d+\s+error\b|error TS\d+|^\/\S+\.(ts|vue|js)$)/
const MAX_FAILURE_LINES = 30

function failuresOf(output: string): string[] {
  // eslint-disable-next-line no-control-regex -- the colour codes runners print despite FORCE_COLOR=0
  const plain = output.replace(/\u001b\[[0-9;]*m/g, '')
  return plain
    .split('\n')
    .filter((line) => FAILURE_LINE.test(line) && !/^\s*✓/.test(line))
    .slice(0, MAX_FAILURE_LINES)
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
      const text = Buffer.concat(output)
      process.stdout.write(text)
      resolve({ name: step.name, code, seconds, output: code === 0 ? '' : text.toString('utf8') })
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
for (const failed of outcomes.filter((outcome) => outcome.code !== 0)) {
  console.log(`\n──── what failed in ${failed.name} ────`)
  for (const line of failuresOf(failed.output)) console.log(line.slice(0, 600))
}
console.log('\n──── npm test ────')
for (const outcome of outcomes) console.log(`${outcome.code === 0 ? 'pass' : 'FAIL'}  ${outcome.seconds.toFixed(0).padStart(4)} s  ${outcome.name}`)
console.log(`total ${((performance.now() - started) / 1000).toFixed(0)} s`)
process.exitCode = outcomes.every((outcome) => outcome.code === 0) && outcomes.length === checks.length + tests.length ? 0 : 1
