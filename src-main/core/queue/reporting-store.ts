import { cannotSaveIn, type CannotSave } from '../storage/storage-trouble'
import type { QueueStore } from './queue-store'

/**
 * The queue store, telling `report` of every change that could not be saved because of the
 * disk (and still rejecting it, so the caller knows nothing changed), and `changed` of every
 * change of the jobs or their order once it shows in jobs() (what is derived from them is stale).
 */
export function reportingCannotSave(store: QueueStore, report: (error: CannotSave) => void, changed: () => void = () => {}): QueueStore {
  const watch =
    <A extends unknown[]>(write: (...args: A) => Promise<void>, jobsChange = false) =>
    async (...args: A): Promise<void> => {
      try {
        await write(...args)
        if (jobsChange) changed()
      } catch (error) {
        const cannotSave = cannotSaveIn(error)
        if (cannotSave) report(cannotSave)
        throw error
      }
    }
  return {
    jobs: () => store.jobs(),
    get: (id) => store.get(id),
    isSaving: (id) => store.isSaving(id),
    get paused() {
      return store.paused
    },
    limitsOf: (account) => store.limitsOf(account),
    published: (account, sha256) => store.published(account, sha256),
    madeByOthers: (account, host, exceptJob) => store.madeByOthers(account, host, exceptJob),
    put: watch((jobs) => store.put(jobs), true),
    remove: watch((ids) => store.remove(ids), true),
    setOrder: watch((ids) => store.setOrder(ids), true),
    setPaused: watch((paused) => store.setPaused(paused)),
    recordPublished: watch((entry) => store.recordPublished(entry)),
    setLimits: watch((account, limits) => store.setLimits(account, limits)),
    checkWritable: () => store.checkWritable(),
    get bytesWritten() {
      return store.bytesWritten
    },
    close: () => store.close()
  }
}
