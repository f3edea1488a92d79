/** A caller's hold on one render: it says whether its element is on screen, and lets go. */
export interface RenderTicket<T> {
  /** The render's outcome; rejects with an AbortError once every holder let go first. */
  readonly result: Promise<T>
  setVisible(visible: boolean): void
  /** Nobody needs it any more: a waiting render is dropped, a running one aborted. */
  release(): void
}

export interface RenderSchedulerOptions {
  /** Renders at once (pdf.js has one worker; two overlap one render's reads with another's parsing). */
  concurrency: number
  /** Awaited before each render starts, so input and layout go first (an idle callback in the app). */
  pause: () => Promise<void>
}

interface Job<T> {
  key: string
  run: (signal: AbortSignal) => Promise<T>
  /** Order of the first request: among equals, first asked is first served. */
  order: number
  holders: number
  visibleHolders: number
  controller: AbortController
  promise: Promise<T>
  resolve: (value: T) => void
  reject: (error: unknown) => void
}

/**
 * Runs renders a few at a time, on-screen ones first: a job scrolled out of view waits
 * behind every visible one, and one never seen is never asked for. Requests for the same
 * key share one render. Knows nothing about PDFs: `run` does the work.
 */
export class RenderScheduler<T> {
  readonly #waiting = new Map<string, Job<T>>()
  readonly #running = new Set<Job<T>>()
  #order = 0
  #workers = 0

  constructor(private readonly options: RenderSchedulerOptions) {}

  /** Renders waiting for their turn. */
  get waiting(): number {
    return this.#waiting.size
  }

  /** Renders under way. */
  get running(): number {
    return this.#running.size
  }

  request(key: string, run: (signal: AbortSignal) => Promise<T>, visible: boolean): RenderTicket<T> {
    const job = this.#waiting.get(key) ?? this.#runningFor(key) ?? this.#add(key, run)
    job.holders++
    let seen = false
    let held = true
    const ticket: RenderTicket<T> = {
      result: job.promise,
      setVisible: (next) => {
        if (!held || next === seen) return
        seen = next
        job.visibleHolders += next ? 1 : -1
      },
      release: () => {
        if (!held) return
        ticket.setVisible(false)
        held = false
        if (--job.holders === 0) this.#drop(job)
      }
    }
    ticket.setVisible(visible)
    this.#startWorkers()
    return ticket
  }

  /** A render under way for `key` that nobody has given up on (an aborted one may still be winding down). */
  #runningFor(key: string): Job<T> | undefined {
    for (const job of this.#running) if (job.key === key && !job.controller.signal.aborted) return job
    return undefined
  }

  #add(key: string, run: (signal: AbortSignal) => Promise<T>): Job<T> {
    let resolve: (value: T) => void = () => {}
    let reject: (error: unknown) => void = () => {}
    const promise = new Promise<T>((res, rej) => {
      resolve = res
      reject = rej
    })
    // A render nobody waits for any more must not surface as an unhandled rejection.
    promise.catch(() => {})
    const job: Job<T> = { key, run, order: this.#order++, holders: 0, visibleHolders: 0, controller: new AbortController(), promise, resolve, reject }
    this.#waiting.set(key, job)
    return job
  }

  #drop(job: Job<T>): void {
    // words-exempt: an abort reason for the code that waits, never shown
    job.controller.abort(new DOMException('The thumbnail is no longer needed.', 'AbortError'))
    if (this.#waiting.delete(job.key)) job.reject(job.controller.signal.reason)
  }

  /** Visible first, then in the order asked. */
  #next(): Job<T> | undefined {
    let best: Job<T> | undefined
    for (const job of this.#waiting.values()) {
      if (!best) best = job
      else if ((job.visibleHolders > 0) !== (best.visibleHolders > 0)) best = job.visibleHolders > 0 ? job : best
      else if (job.order < best.order) best = job
    }
    return best
  }

  #startWorkers(): void {
    while (this.#workers < this.options.concurrency && this.#waiting.size > this.#workers - this.#running.size) {
      this.#workers++
      void this.#work()
    }
  }

  async #work(): Promise<void> {
    try {
      for (;;) {
        await this.options.pause()
        // Picked after the pause: what is visible may have changed meanwhile.
        const job = this.#next()
        if (!job) return
        this.#waiting.delete(job.key)
        this.#running.add(job)
        try {
          job.resolve(await job.run(job.controller.signal))
        } catch (error) {
          job.reject(error)
        } finally {
          this.#running.delete(job)
        }
      }
    } finally {
      this.#workers--
    }
  }
}
