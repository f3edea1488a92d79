/**
 * Opens the upload queue of a data folder in a fresh process and prints how long the
 * restore took, as a restart would: `node --import tsx queue-restore-child.ts <queueDir>`.
 */
import { openQueueStore } from '../../src-main/core/queue/queue-store'

const dir = process.argv[2] ?? ''
const started = performance.now()
const { store } = await openQueueStore(dir)
const ms = performance.now() - started
process.stdout.write(`${JSON.stringify({ ms, jobs: store.jobs().length })}\n`)
process.exit(0)
