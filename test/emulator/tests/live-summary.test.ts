import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { summarize } from '../contract/summarize'
import { OTHER_KEY, useEmulator } from './harness'

const run = promisify(execFile)
const root = fileURLToPath(new URL('../../..', import.meta.url))

describe('live-check summary', () => {
  it('counts not-applicable checks apart from passed ones', () => {
    const s = summarize(['passed', 'not-applicable', 'passed', 'not-applicable', 'not-applicable'], 'https://svc.example')
    expect(s).toMatchObject({ passed: 2, notApplicable: 3, failed: 0, total: 5, exitCode: 0 })
    expect(s.line).toBe('live-check: 2 passed, 3 not applicable, 0 failed (5 checks) against https://svc.example')
  })

  it('fails the run only on failures, never on not-applicable checks', () => {
    expect(summarize(['not-applicable', 'not-applicable'], 'u').exitCode).toBe(0)
    expect(summarize(['not-applicable', 'not-applicable'], 'u').passed).toBe(0)
    const failing = summarize(['passed', 'failed', 'not-applicable'], 'u')
    expect(failing).toMatchObject({ passed: 1, notApplicable: 1, failed: 1, total: 3, exitCode: 1 })
    expect(failing.line).toBe('live-check: 1 passed, 1 not applicable, 1 failed (3 checks) against u')
  })

  it('handles an empty run and a single check', () => {
    expect(summarize([], 'u').line).toBe('live-check: 0 passed, 0 not applicable, 0 failed (0 checks) against u')
    expect(summarize(['passed'], 'u').line).toBe('live-check: 1 passed, 0 not applicable, 0 failed (1 check) against u')
  })
})

// The script itself, end to end: an account without items leaves item checks not applicable.
describe('live-check.ts against the emulator', () => {
  const emu = useEmulator({ seed: true })
  const liveCheck = (env: Record<string, string>): Promise<{ stdout: string; code: number }> =>
    run(process.execPath, ['--import', 'tsx', 'test/emulator/live-check.ts'], { cwd: root, env: { ...process.env, ...env } }).then(
      ({ stdout }) => ({ stdout, code: 0 }),
      (err: { stdout?: string; code?: number }) => ({ stdout: err.stdout ?? '', code: err.code ?? -1 })
    )

  it('reports N/A checks as not applicable in the summary line and exits 0', async () => {
    const { stdout, code } = await liveCheck({
      FLIPDROP_LIVE_BASE_URL: emu().baseUrl,
      FLIPDROP_LIVE_DOCUMENT_URL: emu().documentUrl,
      FLIPDROP_LIVE_API_KEY: OTHER_KEY
    })
    const lines = stdout.trim().split('\n')
    const na = lines.filter((l) => l.startsWith('N/A ')).length
    const pass = lines.filter((l) => l.startsWith('PASS ')).length
    expect(lines.filter((l) => l.startsWith('FAIL '))).toEqual([])
    expect(na).toBeGreaterThan(0)
    expect(lines.at(-1)).toBe(
      `live-check: ${String(pass)} passed, ${String(na)} not applicable, 0 failed (${String(pass + na)} checks) against ${emu().baseUrl}`
    )
    expect(code).toBe(0)
  })

  it('says it did not run without the variables', async () => {
    const { stdout, code } = await liveCheck({ FLIPDROP_LIVE_BASE_URL: '', FLIPDROP_LIVE_API_KEY: '' })
    expect(stdout).toBe('live-check did not run: FLIPDROP_LIVE_BASE_URL and FLIPDROP_LIVE_API_KEY not set\n')
    expect(code).toBe(0)
  })
})
