import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'

const root = fileURLToPath(new URL('../..', import.meta.url))
const CHILD = 'test/bench/upload-memory-child.ts'
const MIB = 1024 * 1024

/** The JSON line upload-memory-child.ts prints. */
const childLine = z
  .object({ baselineRssBytes: z.number().positive(), peakRssBytes: z.number().positive(), uploadSeconds: z.number().positive() })
  .strict()

/** RSS of the fresh upload process, in MiB. */
export interface FreshProcessMemory {
  baselineMiB: number
  peakMiB: number
  growthMiB: number
  uploadSeconds: number
}

/** Parses the child's output: the last non-empty line must be its JSON result. */
export function parseChildOutput(stdout: string): FreshProcessMemory {
  const last = stdout.trim().split('\n').at(-1) ?? ''
  let parsed: z.infer<typeof childLine>
  try {
    parsed = childLine.parse(JSON.parse(last))
  } catch (err) {
    throw new Error(`upload-memory-child printed no result line: ${stdout.slice(-300)}`, { cause: err })
  }
  return {
    baselineMiB: parsed.baselineRssBytes / MIB,
    peakMiB: parsed.peakRssBytes / MIB,
    growthMiB: (parsed.peakRssBytes - parsed.baselineRssBytes) / MIB,
    uploadSeconds: parsed.uploadSeconds
  }
}

/**
 * Uploads `path` once from a fresh `node --expose-gc --import tsx` child running the app's client
 * and returns the peak RSS growth it measured on itself. The bench's own process has uploaded
 * gigabytes before this point; its heap and freed-but-kept pages would blur the number.
 */
export function measureUploadMemoryInFreshProcess(baseUrl: string, key: string, path: string): Promise<FreshProcessMemory> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', CHILD, baseUrl, path], {
      cwd: root,
      env: { ...process.env, FLIPDROP_BENCH_KEY: key },
      stdio: ['ignore', 'pipe', 'inherit']
    })
    let stdout = ''
    child.stdout.setEncoding('utf8')
    child.stdout.on('data', (chunk: string) => {
      stdout += chunk
    })
    child.once('error', reject)
    child.once('close', (code) => {
      if (code !== 0) reject(new Error(`upload-memory-child exited with ${String(code)}: ${stdout.slice(-300)}`))
      else {
        try {
          resolve(parseChildOutput(stdout))
        } catch (err) {
          reject(err instanceof Error ? err : new Error(String(err)))
        }
      }
    })
  })
}
