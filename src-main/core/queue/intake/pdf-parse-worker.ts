/**
 * The parse worker thread: opens PDFs the structure check found unusual with pdf.js, one at
 * a time. Its heap is limited and it is terminated when a file takes too long
 * (parse-off-thread.ts), so a pathological file costs this thread, never the app.
 */
import { parentPort } from 'node:worker_threads'
import { openWithPdfjs, pdfjs } from './open-with-pdfjs'
import type { ParseReply, ParseRequest, ParseWorkerReady } from './parse-messages'

// pdf.js reports what it repairs (and, in Node, the canvas package it does without) on the
// console, which is the command's stdout: a --json answer must stay one JSON document.
for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) console[method] = () => {}

// Loaded before the first file, so the parser's clock for a file measures that file alone.
void pdfjs().then(() => parentPort?.postMessage({ ready: true } satisfies ParseWorkerReady))

parentPort?.on('message', (request: ParseRequest) => {
  openWithPdfjs(request.path).then(
    (verdict) => parentPort?.postMessage({ id: request.id, verdict } satisfies ParseReply),
    (error: unknown) => {
      const code = error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined
      const reply: ParseReply = { id: request.id, error: error instanceof Error ? error.message : String(error), ...(code ? { code } : {}) }
      parentPort?.postMessage(reply)
    }
  )
})
