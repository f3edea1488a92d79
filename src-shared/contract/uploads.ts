import { z } from 'zod'
import {
  chooseFilesSchema,
  decideSameContentSchema,
  enqueuePathsSchema,
  enqueueUrlSchema,
  jobRefSchema,
  moveJobSchema,
  pdfRangeSchema,
  optionalJobRefSchema,
  renameJobSchema,
  replaceSchema,
  type Connectivity,
  type EnqueueResult,
  type JobProgressEvent,
  type JobView,
  type PlanLimits,
  type QueueChange,
  type QueueView
} from '../domain/queue'
import { event, invoke } from './define'

/** The `uploads` area: the upload queue, its controls, and what it tells as it runs. */
export const uploads = {
  list: invoke<QueueView>()('uploads:list', z.undefined()),
  /** Local PDFs or folders (paths checked in main: by bytes, links resolved). */
  enqueuePaths: invoke<EnqueueResult>()('uploads:enqueuePaths', enqueuePathsSchema),
  /** Shows the OS file dialog (in main) and queues the PDFs picked; nothing picked adds nothing. */
  chooseFiles: invoke<EnqueueResult>()('uploads:chooseFiles', chooseFilesSchema),
  /** A PDF the service downloads itself. */
  enqueueUrl: invoke<EnqueueResult>()('uploads:enqueueUrl', enqueueUrlSchema),
  /** A new PDF for an existing item, from a file or a URL: same ID, same link. */
  replace: invoke<EnqueueResult>()('uploads:replace', replaceSchema),
  /** Answers a "same content already published" offer. */
  decideSameContent: invoke<EnqueueResult>()('uploads:decideSameContent', decideSameContentSchema),
  /** Pauses one job, or the whole queue without a job ID. */
  pause: invoke<QueueView>()('uploads:pause', optionalJobRefSchema),
  resume: invoke<QueueView>()('uploads:resume', optionalJobRefSchema),
  /** Stops a job; an upload in flight is aborted. */
  cancel: invoke<JobView>()('uploads:cancel', jobRefSchema),
  retry: invoke<JobView>()('uploads:retry', jobRefSchema),
  remove: invoke<QueueView>()('uploads:remove', jobRefSchema),
  move: invoke<QueueView>()('uploads:move', moveJobSchema),
  /** Changes the name or title of a job that has not started. */
  rename: invoke<JobView>()('uploads:rename', renameJobSchema),
  clearFinished: invoke<QueueView>()('uploads:clearFinished', z.undefined()),
  /** Bytes of a file job's PDF (for its thumbnail), read by main from the path it holds. */
  readPdfRange: invoke<Uint8Array>()('uploads:readPdfRange', pdfRangeSchema),
  /**
   * What became of PDFs opened with FlipDrop from the OS (file association, dock, a second
   * launch) since the last call: their refusals and same-content questions, for the window
   * to show. Taking them empties the inbox.
   */
  takeInbox: invoke<EnqueueResult>()('uploads:takeInbox', z.undefined()),
  /** Something arrived in the inbox: the window takes it. */
  inboxChanged: event<null>()('uploads:inboxChanged'),
  changed: event<QueueChange>()('uploads:changed'),
  /** At most ten times a second per job. */
  progress: event<JobProgressEvent>()('uploads:progress'),
  limitsChanged: event<PlanLimits>()('uploads:limitsChanged'),
  connectivityChanged: event<Connectivity>()('uploads:connectivityChanged')
}
