import type { Worker } from 'node:worker_threads'
import type { ParseReply, ParseRequest, ParseVerdict, ParseWorkerReady } from './parse-messages'
import { startWorker } from './start-worker'

/** Opens unusual PDFs with pdf.js in a worker thread, one at a time, each within a budget. */
export interface PdfParser {
  /** What pdf.js makes of the file; rejects (with the system's `code`) when it cannot be read. */
  parse(path: string): Promise<ParseVerdict>
  close(): Promise<void>
}

/** How much one file may cost the parser before it is stopped. */
export interface ParseBudget {
  /** Wall time for one file (pdf.js is loaded before the clock starts). */
  timeMs: number
  /** The worker's JavaScript heap (V8's old generation). */
  heapMb: number
  /** The worker is ended after this long without work (pdf.js holds tens of MB). */
  idleMs: number
}

/**
 * Opening takes pdf.js milliseconds for nearly every real file (the 53 of pdf.js's own test
 * suite: 120 ms at most, for AES-256 key derivation); a file over these is pathological.
 */
export const PARSE_BUDGET: ParseBudget = { timeMs: 10_000, heapMb: 256, idleMs: 30_000 }

interface Waiting {
  path: string
  resolve: (verdict: ParseVerdict) => void
  reject: (error: Error) => void
}

/** Loading pdf.js into a fresh worker; beyond this it is broken, not slow. */
const START_MS = 60_000

/** An error that keeps the system's code (ENOENT…), so the caller can say what happened to the file. */
function readError(message: string, code: string | undefined): Error {
  return Object.assign(new Error(message), code ? { code } : {})
}

/**
 * A parser whose worker starts on first use and ends when idle. A file's clock starts once
 * pdf.js is loaded; a file over its time is stopped by terminating the worker, one over its
 * heap ends the worker by itself (V8's limit); either way the next file gets a fresh worker.
 */
export function createPdfParser(budget: ParseBudget = PARSE_BUDGET): PdfParser {
  const queue: Waiting[] = []
  let worker: Worker | undefined
  let ready = false
  let current: { waiting: Waiting; timer: NodeJS.Timeout | undefined } | undefined
  let idleTimer: NodeJS.Timeout | undefined
  let closed = false

  function settle(outcome: { verdict: ParseVerdict } | { error: Error }): void {
    const running = current
    if (!running) return
    current = undefined
    clearTimeout(running.timer)
    if ('verdict' in outcome) running.waiting.resolve(outcome.verdict)
    else running.waiting.reject(outcome.error)
    next()
  }

  function stopWorker(): void {
    const stopping = worker
    worker = undefined
    void stopping?.terminate()
  }

  /** Sends the current file once the worker is ready, and starts its clock. */
  function send(): void {
    if (!current || !worker || !ready) return
    const running = current
    clearTimeout(running.timer)
    running.timer = setTimeout(() => {
      // pdf.js does not yield while it loops: only ending the thread stops it.
      stopWorker()
      settle({ verdict: { kind: 'over-budget', limit: 'time' } })
    }, budget.timeMs)
    worker.postMessage({ id: 0, path: running.waiting.path } satisfies ParseRequest)
  }

  function start(): Worker {
    const started = startWorker('pdf-parse-worker', import.meta.url, { maxOldGenerationSizeMb: budget.heapMb, maxYoungGenerationSizeMb: 32 })
    ready = false
    started.on('message', (reply: ParseReply | ParseWorkerReady) => {
      // A reply of a worker already stopped for its budget belongs to no one now.
      if (worker !== started) return
      if ('ready' in reply) {
        ready = true
        return send()
      }
      if ('verdict' in reply) settle({ verdict: reply.verdict })
      else settle({ error: readError(reply.error, reply.code) })
    })
    started.on('error', (error: Error & { code?: string }) => {
      if (worker !== started) return
      worker = undefined
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') settle({ verdict: { kind: 'over-budget', limit: 'memory' } })
      else settle({ error })
    })
    started.on('exit', () => {
      if (worker !== started) return
      worker = undefined
      settle({ error: new Error('The PDF parser stopped unexpectedly.') })
    })
    return started
  }

  function next(): void {
    if (current || closed) return
    const waiting = queue.shift()
    if (!waiting) {
      worker?.unref()
      clearTimeout(idleTimer)
      idleTimer = setTimeout(stopWorker, budget.idleMs).unref()
      return
    }
    clearTimeout(idleTimer)
    try {
      worker ??= start()
    } catch (error) {
      waiting.reject(error instanceof Error ? error : new Error(String(error)))
      return next()
    }
    worker.ref()
    current = { waiting, timer: undefined }
    if (ready) return send()
    current.timer = setTimeout(() => {
      stopWorker()
      settle({ error: new Error('The PDF parser did not start.') })
    }, START_MS)
  }

  return {
    parse(path) {
      if (closed) return Promise.reject(new Error('The PDF parser was closed.'))
      return new Promise((resolve, reject) => {
        queue.push({ path, resolve, reject })
        next()
      })
    },
    async close() {
      closed = true
      clearTimeout(idleTimer)
      const error = new Error('The PDF parser was closed.')
      for (const waiting of queue.splice(0)) waiting.reject(error)
      if (current) {
        clearTimeout(current.timer)
        current.waiting.reject(error)
        current = undefined
      }
      const stopping = worker
      worker = undefined
      await stopping?.terminate()
    }
  }
}

let shared: PdfParser | undefined

/** This thread's parser, shared by everything that checks files here. */
export function sharedPdfParser(): PdfParser {
  shared ??= createPdfParser()
  return shared
}
