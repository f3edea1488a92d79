import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { ScenarioName, ScenarioResult } from './scenario-protocol'

const RUNNER = fileURLToPath(new URL('./keychain-scenario.ts', import.meta.url))
const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url))
const DEADLINE_MS = 20_000

/** A scenario child process: its result line, and its exit once any stuck call has settled. */
export interface ScenarioRun {
  result: Promise<ScenarioResult>
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>
  /** Kills the child if it is still running (for cleanup after a failure). */
  kill(): void
}

/** Starts the runner for `scenario` in `env`; it is killed if it outlives the deadline. */
export function startScenario(scenario: ScenarioName, env: NodeJS.ProcessEnv, timeoutMs = 5000): ScenarioRun {
  const child = spawn(process.execPath, ['--import', 'tsx', RUNNER, scenario], {
    cwd: REPO_ROOT,
    env: { ...env, FLIPDROP_KEYCHAIN_TIMEOUT_MS: String(timeoutMs) },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let stdout = ''
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const deadline = setTimeout(() => child.kill('SIGKILL'), DEADLINE_MS)

  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>((resolve) =>
    child.once('close', (code, signal) => {
      clearTimeout(deadline)
      resolve({ code, signal, stderr })
    })
  )
  const result = new Promise<ScenarioResult>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString()
      const end = stdout.indexOf('\n')
      if (end >= 0) resolve(JSON.parse(stdout.slice(0, end)) as ScenarioResult)
    })
    void exited.then(({ code, signal }) =>
      reject(new Error(`Scenario ${scenario} printed no result (exit ${code ?? signal}): ${stderr}`))
    )
  })
  return {
    result,
    exited,
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    }
  }
}

/** Runs a scenario to the end and checks it exited cleanly. */
export async function runScenario(scenario: ScenarioName, env: NodeJS.ProcessEnv, timeoutMs?: number): Promise<ScenarioResult> {
  const run = startScenario(scenario, env, timeoutMs)
  try {
    const result = await run.result
    const { code, stderr } = await run.exited
    if (code !== 0) throw new Error(`Scenario ${scenario} exited with ${code}: ${stderr}`)
    return result
  } finally {
    run.kill()
  }
}
