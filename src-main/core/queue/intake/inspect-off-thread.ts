import type { Worker } from 'node:worker_threads'
import type { Logger } from '../../log'
import type { InspectReply, InspectRequest } from './inspect-messages'
import { inspectPaths, type Intake } from './inspect-paths'
import { startWorker } from './start-worker'

/** Inspects paths for the queue, off the main thread. */
export interface Inspector {
  inspect(paths: readonly string[]): Promise<Intake>
  close(): Promise<void>
}

/**
 * Runs {@link inspectPaths} in a worker thread, started on first use and kept while the core
 * runs. Dropping 10,000 files must not freeze the main process (its IPC, its progress
 * events); where the worker cannot start, inspection runs here instead, only slower.
 */
export function createInspector(log: Logger): Inspector {
  let worker: Worker | undefined
  let broken = false
  let nextId = 1
  const pending = new Map<number, { resolve: (intake: Intake) => void; reject: (error: Error) => void }>()

  function failAll(error: Error): void {
    for (const waiter of pending.values()) waiter.reject(error)
    pending.clear()
  }

  function start(): Worker {
    // Built, out/main/inspect-worker.js (its own entry in electron.vite.config.ts).
    const started = startWorker('inspect-worker', import.meta.url)
    started.on('message', (reply: InspectReply) => {
      const waiter = pending.get(reply.id)
      pending.delete(reply.id)
      if (!waiter) return
      if ('error' in reply) waiter.reject(new Error(reply.error))
      else waiter.resolve(reply.result)
    })
    started.on('error', (error) => {
      log.error('The intake worker failed; inspecting files on the main thread instead', error.message)
      broken = true
      worker = undefined
      failAll(error)
    })
    // After the listeners: a 'message' listener refs the worker's port again, which kept the process alive.
    started.unref()
    return started
  }

  return {
    async inspect(paths) {
      if (broken) return inspectPaths(paths)
      try {
        worker ??= start()
      } catch (error) {
        broken = true
        log.error('The intake worker could not start; inspecting files on the main thread instead', error instanceof Error ? error.message : error)
        return inspectPaths(paths)
      }
      const id = nextId++
      const request: InspectRequest = { id, paths: [...paths] }
      const running = worker
      return new Promise<Intake>((resolve, reject) => {
        pending.set(id, { resolve, reject })
        running.ref()
        running.postMessage(request)
      }).finally(() => {
        if (pending.size === 0) running.unref()
      }).catch(() => inspectPaths(paths))
    },
    async close() {
      const running = worker
      worker = undefined
      failAll(new Error('The intake worker was closed.'))
      await running?.terminate()
    }
  }
}
