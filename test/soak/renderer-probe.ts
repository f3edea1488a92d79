import { writeFile } from 'node:fs/promises'
import type { CDPSession, Page } from 'playwright-core'

/** What the soak counts in the renderer, through one DevTools session kept open for the whole run. */
export interface RendererCounts {
  heapMiB: number
  /** Event listeners registered from JavaScript (DOM and window), and live DOM nodes. */
  listeners: number
  nodes: number
}

export interface RendererProbe {
  count(): Promise<RendererCounts>
  /** Writes a heap snapshot (for DevTools' Memory tab) to `path`. */
  snapshot(path: string): Promise<void>
  close(): Promise<void>
}

export async function openRendererProbe(page: Page): Promise<RendererProbe> {
  const cdp: CDPSession = await page.context().newCDPSession(page)
  return {
    async count() {
      // Twice: a first pass frees what finalizers of the previous one let go.
      await cdp.send('HeapProfiler.collectGarbage')
      await cdp.send('HeapProfiler.collectGarbage')
      const { usedSize } = await cdp.send('Runtime.getHeapUsage')
      const counters = await cdp.send('Memory.getDOMCounters')
      return { heapMiB: usedSize / 1024 / 1024, listeners: counters.jsEventListeners, nodes: counters.nodes }
    },
    async snapshot(path) {
      const chunks: string[] = []
      const take = (event: { chunk: string }): void => {
        chunks.push(event.chunk)
      }
      cdp.on('HeapProfiler.addHeapSnapshotChunk', take)
      await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false })
      cdp.off('HeapProfiler.addHeapSnapshotChunk', take)
      await writeFile(path, chunks.join(''))
    },
    close: () => cdp.detach()
  }
}
