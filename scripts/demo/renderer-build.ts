import { spawn } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'

/** What the built renderer is made from. */
const SOURCES = ['src-renderer', 'src-shared', 'electron.vite.config.ts', 'package.json']

async function newestChange(root: string, path: string): Promise<number> {
  const absolute = join(root, path)
  if (!existsSync(absolute)) return 0
  const stat = statSync(absolute)
  if (!stat.isDirectory()) return stat.mtimeMs
  const entries = await readdir(absolute, { recursive: true, withFileTypes: true })
  return Math.max(0, ...entries.filter((entry) => entry.isFile()).map((entry) => statSync(join(entry.parentPath, entry.name)).mtimeMs))
}

/** Whether out/renderer is missing or older than anything it is built from. */
export async function rendererBuildIsStale(root: string): Promise<boolean> {
  const built = join(root, 'out/renderer/index.html')
  if (!existsSync(built)) return true
  const builtAt = statSync(built).mtimeMs
  const changes = await Promise.all(SOURCES.map((path) => newestChange(root, path)))
  return Math.max(...changes) > builtAt
}

/** Runs `electron-vite build` with its output on stderr (stdout is the demo's ready line only). */
export function buildApp(root: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build', '--logLevel', 'warn'], {
      cwd: root,
      stdio: ['ignore', process.stderr, process.stderr]
    })
    child.once('error', reject)
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`electron-vite build exited with code ${String(code)}`))))
  })
}
