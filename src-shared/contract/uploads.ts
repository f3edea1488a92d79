import { z } from 'zod'
import {
  chooseFilesSchema,
  decideManySchema,
  decideSameContentSchema,
  enqueuePathsSchema,
  enqueueUrlSchema,
  chooseAccountSchema,
  jobRefSchema,
  decideLookalikeSchema,
  moveJobSchema,
  pdfRangeSchema,
  optionalJobRefSchema,
  renameJobSchema,
  replaceSchema,
  waitingAsDocumentsSchema,
  type Connectivity,
  type EnqueueResult,
  type JobProgressEvent,
  type JobView,
  type PlanLimits,
  type QueueChange,
  type QueueView,
  type UndoResult
} from '../domain/queue'
import { event, invoke } from './define'

/** "Export CSV" of a batch: the jobs in the order shown (only the published ones become rows). */
export const exportCsvSchema = z.object({ jobIds: z.array(z.string().uuid()).min(1).max(10_000) }).strict()

/** What an export saved: the file's name (not its folder) and its rows; a null name when the dialog was cancelled. */
export interface CsvExport {
  fileName: string | null
  rows: number
}

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
  /** Answers several offers at once (a batch's questions, one table); the results merged. */
  decideMany: invoke<EnqueueResult>()('uploads:decideMany', decideManySchema),
  /**
   * The user confirmed a replace added with `confirmFirst`: it starts once an Undo window of
   * UNDO_WINDOW_MS has passed (nothing is sent before).
   */
  confirmReplace: invoke<JobView>()('uploads:confirmReplace', jobRefSchema),
  /** Takes back a confirmed replace still in its Undo window: nothing was sent. */
  undo: invoke<UndoResult>()('uploads:undo', jobRefSchema),
  /** A job added before FlipDrop kept accounts apart, whose account nothing names: it publishes to the signed-in account chosen. */
  chooseAccount: invoke<JobView>()('uploads:chooseAccount', chooseAccountSchema),
  /** A replace whose item no longer exists, published as a new item instead (same file, a new link). */
  publishAsNew: invoke<EnqueueResult>()('uploads:publishAsNew', jobRefSchema),
  /** The flipbooks waiting for room in the plan, published as documents instead (as many as fit); the queue after. */
  publishWaitingAsDocuments: invoke<QueueView>()('uploads:publishWaitingAsDocuments', waitingAsDocumentsSchema),
  /** Keeps the item found for an upload whose answer was lost (stored bytes differ), or publishes the file again. */
  decideLookalike: invoke<JobView>()('uploads:decideLookalike', decideLookalikeSchema),
  /** "Try now": asks the service at once and retries at once what waits after its errors. */
  checkNow: invoke<Connectivity>()('uploads:checkNow', z.undefined()),
  /** Reads the plan's quota and limits again (the window came to the front, a sync ended). */
  refreshLimits: invoke<PlanLimits>()('uploads:refreshLimits', z.undefined()),
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
  /** Saves the published ones of these jobs as a CSV file (name, title, kind, link, pages, file) where the user picks. */
  exportCsv: invoke<CsvExport>()('uploads:exportCsv', exportCsvSchema),
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
