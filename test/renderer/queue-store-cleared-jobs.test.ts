import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { ref } from 'vue'
import { useQueueStore } from '../../src-renderer/src/stores/queue-store'
import { change, fileJob, queueView } from '../main/shell/queue-views'
import { installBridge } from './fake-main'

/** Node's own modules, typed here: this file is also checked with the renderer's types, which have no Node. */
interface InspectorSession {
  connect(): void
  disconnect(): void
  post(method: string, params: object): Promise<{ result: { objectId?: string; value?: unknown }; objects: { objectId?: string } }>
}
const node = (globalThis as unknown as { process: { getBuiltinModule(name: string): unknown } }).process
const { setFlagsFromString } = node.getBuiltinModule('node:v8') as { setFlagsFromString(flags: string): void }
const { runInNewContext } = node.getBuiltinModule('node:vm') as { runInNewContext(code: string): unknown }
const { Session } = node.getBuiltinModule('node:inspector/promises') as { Session: new () => InspectorSession }

setFlagsFromString('--expose-gc')
const collectGarbage = runInNewContext('gc') as () => void
const turn = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0))

beforeEach(() => setActivePinia(createPinia()))

/**
 * Vue's per-key dependencies still alive whose key is one of `ids` (a reactive Map keeps one
 * per key read, as long as anything tracked it), found with the inspector's queryObjects.
 */
async function depsKeyedBy(ids: readonly string[]): Promise<number> {
  const session = new Session()
  session.connect()
  try {
    const scope = globalThis as { __depPrototype?: object; __depIds?: readonly string[] }
    scope.__depPrototype = Object.getPrototypeOf((ref(0) as unknown as { dep: object }).dep) as object
    scope.__depIds = ids
    const prototype = await session.post('Runtime.evaluate', { expression: 'globalThis.__depPrototype' })
    const { objects } = await session.post('Runtime.queryObjects', { prototypeObjectId: prototype.result.objectId ?? '' })
    const counted = await session.post('Runtime.callFunctionOn', {
      objectId: objects.objectId ?? '',
      functionDeclaration: 'function () { const ids = new Set(globalThis.__depIds); return this.filter((dep) => ids.has(dep.key)).length }',
      returnByValue: true
    })
    return Number(counted.result.value)
  } finally {
    session.disconnect()
  }
}

describe('the queue in the window, over a long run', () => {
  it('lets go of the jobs "Clear finished" took away, even while no view shows the queue', async () => {
    const ids = Array.from({ length: 50 }, (_, index) => `job-${index}`)
    const { fire } = installBridge((channel) => (channel === 'uploads:list' ? { ok: true, value: queueView(ids.map((id) => fileJob(id, 'done'))) } : { ok: true, value: undefined }))
    const queue = useQueueStore()
    await queue.load()
    const stop = queue.follow()
    // The queue view was shown once: its rows and the batch bar were drawn from the store.
    expect(queue.visible).toHaveLength(50)
    expect(queue.batchSummary).not.toBeNull()
    const held = ids.map((id) => new WeakRef(queue.jobs.get(id) ?? {}))

    // Another view is shown; then the finished jobs are cleared in main.
    fire('uploads:changed', change([], { removed: ids }))
    expect(queue.jobs.size).toBe(0)
    for (let pass = 0; pass < 3; pass++) {
      await turn()
      collectGarbage()
    }
    expect(held.filter((job) => job.deref() !== undefined)).toHaveLength(0)
    // Nor does the store's reactivity keep something per job gone (2,000 jobs a soak, and more every week).
    expect(await depsKeyedBy(ids)).toBe(0)
    stop()
  })
})
