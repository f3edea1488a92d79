import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { useQueueStore } from '../../src-renderer/src/stores/queue-store'
import { change, fileJob, queueView } from '../main/shell/queue-views'
import { installBridge } from './fake-main'

setFlagsFromString('--expose-gc')
const collectGarbage = runInNewContext('gc') as () => void
const turn = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0))

beforeEach(() => setActivePinia(createPinia()))

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
    expect(held.filter((ref) => ref.deref() !== undefined)).toHaveLength(0)
    stop()
  })
})
