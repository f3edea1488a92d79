import type { PDFWorker } from 'pdfjs-dist'
import { describe, expect, it } from 'vitest'
import { PdfWorkerPool, type PooledWorker } from '../../../src-renderer/src/thumbnails/pdf-worker-pool'

/** A started worker that records whether its thread was terminated and pdf.js's handle destroyed. */
function fakeWorker(name: string) {
  const facts = { name, terminated: false, destroyed: false }
  const thread = { terminate: () => void (facts.terminated = true) } as unknown as Worker
  const worker = { destroy: () => void (facts.destroyed = true), name } as unknown as PDFWorker
  return { facts, entry: { thread, worker } satisfies PooledWorker }
}

function harness() {
  const started: ReturnType<typeof fakeWorker>['facts'][] = []
  const pool = new PdfWorkerPool(() => {
    const made = fakeWorker(`worker ${(started.length + 1).toString()}`)
    started.push(made.facts)
    return made.entry
  })
  return { pool, started }
}

describe('the pdf.js worker pool of the thumbnails', () => {
  it('lends a worker to each render under way and takes a released one back for the next', () => {
    const { pool, started } = harness()
    const first = pool.acquire()
    const second = pool.acquire()
    expect(started.map((worker) => worker.name)).toEqual(['worker 1', 'worker 2'])
    first.release()
    expect(pool.acquire().worker).toBe(first.worker)
    expect(started).toHaveLength(2)
    second.release()
  })

  it('terminates a killed worker (a render over budget) and never lends it again', () => {
    const { pool, started } = harness()
    const looping = pool.acquire()
    looping.kill()
    // A late release of the same lease changes nothing.
    looping.release()
    expect(started[0]).toMatchObject({ terminated: true, destroyed: true })
    const next = pool.acquire()
    expect(next.worker).not.toBe(looping.worker)
    expect(started).toHaveLength(2)
    expect(started[1]).toMatchObject({ terminated: false, destroyed: false })
  })
})
