/**
 * The emulator's pdf.js, on a thread of its own (pdf.ts starts it). pdf.js's legacy build
 * replaces built-ins (JSON.parse and stringify, Array.prototype.push, …) with slower
 * polyfills wherever it is loaded: here they cannot slow the emulator, or a FlipDrop core
 * running in the same test process.
 */
import { readFile } from 'node:fs/promises'
import { parentPort } from 'node:worker_threads'

/** A file to open: its path. */
export interface JudgeRequest {
  id: number
  path: string
}

/** Pages pdf.js counts without a password, or null when it cannot open the file. */
export interface JudgeReply {
  id: number
  pages: number | null
}

// pdf.js reports what it repairs on the console; the emulator's output is its own.
for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) console[method] = () => {}

const pdfjs = Promise.all([import('pdfjs-dist/legacy/build/pdf.mjs'), import('pdfjs-dist/legacy/build/pdf.worker.mjs')]).then(([library, worker]) => {
  Object.assign(globalThis, { pdfjsWorker: worker })
  return library
})

async function pages(path: string): Promise<number | null> {
  const library = await pdfjs
  const data = new Uint8Array(await readFile(path))
  const task = library.getDocument({ data, isEvalSupported: false, useWasm: false, disableFontFace: true, stopAtErrors: false, verbosity: library.VerbosityLevel.ERRORS })
  try {
    return (await task.promise).numPages
  } catch {
    return null
  } finally {
    await task.destroy()
  }
}

parentPort?.on('message', (request: JudgeRequest) => {
  pages(request.path).then(
    (count) => parentPort?.postMessage({ id: request.id, pages: count } satisfies JudgeReply),
    () => parentPort?.postMessage({ id: request.id, pages: null } satisfies JudgeReply)
  )
})
