/**
 * Writes `count` jobs to the queue journal of a folder and dies without closing or
 * compacting, as a crash right after adding them would: `node --import tsx
 * queue-crash-writer-child.ts <queueDir> <count>`. The OS closes its files.
 */
import { newJob } from '../../src-main/core/queue/new-job'
import { openQueueStore } from '../../src-main/core/queue/queue-store'

const dir = process.argv[2] ?? ''
const count = Number(process.argv[3] ?? '0')
const { store } = await openQueueStore(dir)
const jobs = Array.from({ length: count }, (_, index) =>
  newJob({
    kind: 'create',
    source: { type: 'file', path: `/designs/file-${index}.pdf`, fileName: `file-${index}.pdf`, size: 120_000, mtimeMs: Date.now(), sha256: 'f'.repeat(64), pages: 4 },
    docType: 'Flipbook',
    accountId: 'bench-account',
    name: `file-${index}`,
    title: `file-${index}`
  })
)
await store.put(jobs)
process.exit(0)
