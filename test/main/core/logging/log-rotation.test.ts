import { spawn } from 'node:child_process'
import { mkdtemp, readFile, readdir, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../../..', import.meta.url))
const MAX_BYTES = 16 * 1024
const LINES = 4_000

/** Runs test/support/log-writer.ts as its own process; resolves with what it saw. */
function writer(dataDir: string, who: 'app' | 'command'): Promise<{ small: number; stderr: string; code: number | null }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'test/support/log-writer.ts'), dataDir, who, String(LINES), String(MAX_BYTES)], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  return new Promise((resolve) =>
    child.once('close', (code) => resolve({ ...(JSON.parse(stdout || '{"small":-1}') as { small: number }), stderr, code }))
  )
}

describe('the log file shared by the app and the command', () => {
  it('is rotated by two processes at once without either moving a fresh log over the old one, and keeps every line whole', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'flipdrop-log-rotation-'))
    const [app, command] = await Promise.all([writer(dataDir, 'app'), writer(dataDir, 'command')])
    expect(app.code, app.stderr).toBe(0)
    expect(command.code, command.stderr).toBe(0)
    // The old log is always a whole rotated log: never one moved there early, half empty.
    expect(app.small + command.small).toBe(0)
    const folder = join(dataDir, 'logs')
    expect((await stat(join(folder, 'flipdrop.old.log'))).size).toBeGreaterThanOrEqual(MAX_BYTES)
    expect((await readdir(folder)).sort()).toEqual(['flipdrop.log', 'flipdrop.old.log'])
    // Every line whole, and each writer's lines kept a run without gaps (only whole old logs are dropped).
    const lines = [...(await readFile(join(folder, 'flipdrop.old.log'), 'utf8')).split('\n'), ...(await readFile(join(folder, 'flipdrop.log'), 'utf8')).split('\n')].filter(
      (line) => line !== ''
    )
    for (const who of ['app', 'command']) {
      const numbers = lines.flatMap((line) => {
        const match = new RegExp(`^\\[[^\\]]+\\] \\[info\\] ${who}: ${who} (\\d+) x{150}$`).exec(line)
        return match ? [Number(match[1])] : []
      })
      const first = numbers[0] ?? 0
      expect(numbers).toEqual(numbers.map((_, index) => first + index))
    }
    expect(lines.at(-1)).toMatch(new RegExp(` ${LINES - 1} x{150}$`))
    expect(lines.every((line) => /^\[[^\]]+\] \[info\] (app|command): (app|command) \d+ x{150}$/.test(line))).toBe(true)
  }, 60_000)
})
