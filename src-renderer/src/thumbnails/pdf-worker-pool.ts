import type { PDFWorker } from 'pdfjs-dist'

/** A pdf.js worker lent to one render. */
export interface WorkerLease {
  readonly worker: PDFWorker
  /** The render ended cleanly: the worker serves the next one. */
  release(): void
  /** The render ran over or hung: the thread is terminated (its memory with it), never reused. */
  kill(): void
}

/** A started worker: pdf.js's handle and the thread behind it. */
export interface PooledWorker {
  worker: PDFWorker
  thread: Worker
}

/**
 * pdf.js workers, one per render under way (the scheduler runs two at once), kept while idle:
 * starting one costs its script. A worker stopped for one file never stalls another render.
 */
export class PdfWorkerPool {
  readonly #idle: PooledWorker[] = []

  constructor(private readonly start: () => PooledWorker) {}

  acquire(): WorkerLease {
    const entry = this.#idle.pop() ?? this.start()
    let settled = false
    return {
      worker: entry.worker,
      release: () => {
        if (settled) return
        settled = true
        this.#idle.push(entry)
      },
      kill: () => {
        if (settled) return
        settled = true
        entry.thread.terminate()
        entry.worker.destroy()
      }
    }
  }
}
