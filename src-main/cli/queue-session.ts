import { contract } from '../../src-shared/contract'
import { createFlipdropApi, type BridgeArea, type BridgeTransport, type Unsubscribe } from '../../src-shared/contract/bridge'
import type { Envelope } from '../../src-shared/contract/errors'
import type { JobProgressEvent, QueueChange } from '../../src-shared/domain/queue'
import type { Core } from '../core/core'
import { connectToHolder, type HoldingProcess } from '../core/handoff/handoff-client'
import { DataFolderHeldElsewhereError, DataFolderInUseError } from '../core/storage/data-lock'
import { AppError } from '../../src-shared/contract/errors'
import { AccountChoiceError } from '../core/accounts/resolve-account'
import { createDispatch } from '../ipc/dispatch'
import { handlersOf } from '../ipc/handler-table'
import type { CliContext } from './cli-context'
import { bootCommandCore } from './command-core'
import { CliError } from './cli-error'
import { EXIT } from './exit-codes'

/**
 * Which jobs a queue run here sends: none (`--queue`: they wait for the app or `queue --wait`),
 * only the command's own (`'added'`, plus those named to runAlso), or every job (`queue --wait`).
 */
export type RunUploads = boolean | 'added'

/** How the queue is opened: which jobs run here, and the account (`--account`'s UserID) that is current here. */
export interface SessionOptions {
  runUploads: RunUploads
  accountId?: string | undefined
}

/** Who runs the jobs: this process, or the app (or another command) holding the data folder. */
export type QueueRunner = { here: true } | { here: false; pid: number; role: string }

/** The queue, wherever it runs: in this process, or in the app (or another command) holding the data folder. */
export interface QueueSession {
  /** Who runs the jobs now. */
  readonly runner: QueueRunner
  readonly uploads: BridgeArea<typeof contract.uploads>
  onChange(listener: (change: QueueChange) => void): () => void
  onProgress(listener: (progress: JobProgressEvent) => void): () => void
  /** Settles when the process running the queue for us went away; never while this process runs it. */
  readonly lost: Promise<void>
  /**
   * After `lost`: reaches the queue again, handing over to whoever holds the folder now or
   * taking it (the jobs are in the journal). Listeners stay subscribed. Throws a CliError.
   */
  recover(): Promise<void>
  /**
   * Runs these jobs too when the queue runs here for the command's own jobs only (content the
   * user gave that already waited in the queue); the app runs every job anyway.
   */
  runAlso(jobIds: readonly string[]): void
  /** The full path of a file job, when known here (a queue run here, or a job this command added). */
  pathOf(jobId: string): string | null
  /** Remembers the paths an enqueue answer named. */
  learnPaths(paths: Record<string, string> | undefined): void
  /** Leaves: a queue run here stops (its jobs wait in the journal); a link to the app is closed. */
  close(): Promise<void>
}

/** One way of reaching the queue: a connection to the holder, or a core started here. */
interface Link {
  runner: QueueRunner
  transport: BridgeTransport
  lost: Promise<void>
  /** The queue itself, when it runs in this process. */
  local: { runAlso(jobIds: readonly string[]): void; jobFile(jobId: string): { path: string } | null } | null
  close(): Promise<void>
}

/** Attempts at finding the folder's queue when it changes hands under us (each attempt waits on its own). */
const MAX_ATTEMPTS = 3
/**
 * After the holder went away: how long a holder that no longer answers may take to let go of
 * the folder (an app quitting closes its queue and library first) before we give up.
 */
const RECOVER_TIMEOUT_MS = 8_000

const never = new Promise<void>(() => {})

function holderName(runner: { pid: number; role: string }): string {
  return runner.role === 'app' ? `the FlipDrop app (process ${runner.pid})` : `flipdrop (process ${runner.pid})`
}

function remote(holder: HoldingProcess): Link {
  let leaving = false
  return {
    runner: { here: false, pid: holder.pid, role: holder.role },
    transport: {
      // A lost connection is said in the holder's terms (what may or may not have been done), not as an internal error.
      invoke: (channel, input): Promise<Envelope<unknown>> =>
        holder.invoke(channel, input).catch((error: unknown) => ({
          ok: false,
          error: { code: 'internal', message: error instanceof Error ? error.message : String(error) }
        })),
      subscribe: (channel, listener) =>
        holder.onEvent((eventChannel, payload) => {
          if (eventChannel === channel) listener(payload)
        })
    },
    lost: new Promise((resolve) => void holder.closed.then(() => (leaving ? undefined : resolve()))),
    local: null,
    async close() {
      leaving = true
      holder.close()
    }
  }
}

/** Takes the data folder and runs the queue here; the start-up error when it could not. */
async function here(ctx: CliContext, options: SessionOptions): Promise<Link | { failed: unknown }> {
  const listeners = new Map<string, Set<(payload: unknown) => void>>()
  const booted = bootCommandCore(ctx, {
    runUploads: options.runUploads,
    keychain: await ctx.keychain(),
    ...(options.accountId !== undefined ? { account: options.accountId } : {}),
    emit: (spec, payload) => listeners.get(spec.channel)?.forEach((listener) => listener(payload))
  })
  let core: Core
  try {
    core = await booted.startup.ready()
  } catch (error) {
    return { failed: booted.failure ?? error }
  }
  const dispatch = createDispatch(handlersOf(booted), booted.log)
  return {
    runner: { here: true },
    local: core.uploads,
    transport: {
      invoke: (channel, input): Promise<Envelope<unknown>> => dispatch(channel, input),
      subscribe(channel, listener) {
        const set = listeners.get(channel) ?? new Set()
        set.add(listener)
        listeners.set(channel, set)
        return () => set.delete(listener)
      }
    },
    lost: never,
    close: () => booted.close()
  }
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error))

/**
 * Finds the queue of the data folder without ever becoming its second writer: hands over to
 * a holder that takes work, waits for one that does not (a plain upload queueing files), or
 * takes the folder. Looks again when another process takes the folder between look and take.
 */
async function openLink(ctx: CliContext, options: SessionOptions, timeoutMs?: number): Promise<Link> {
  for (let attempt = 1; ; attempt += 1) {
    let holder: HoldingProcess | null
    try {
      holder = await connectToHolder(ctx.dataDir, {
        ...(timeoutMs !== undefined ? { timeoutMs } : {}),
        signal: ctx.signal,
        onWait: (busy) => ctx.warn(`Waiting for ${holderName(busy)}, which holds this data folder and takes no work from other commands, to finish.`)
      })
    } catch (error) {
      throw new CliError(messageOf(error), EXIT.failed)
    }
    if (holder) return remote(holder)
    const local = await here(ctx, options)
    if (!('failed' in local)) return local
    // Said in the command's words (exit 2 or 3), as when the command itself resolved it.
    if (local.failed instanceof AccountChoiceError) throw local.failed
    const taken = local.failed instanceof DataFolderInUseError && !(local.failed instanceof DataFolderHeldElsewhereError)
    if (!taken || attempt >= MAX_ATTEMPTS) throw new CliError(messageOf(local.failed), EXIT.failed)
  }
}

/** Only the upload area: the command never reaches the app's other channels. */
function uploadsOnly(transport: BridgeTransport): BridgeArea<typeof contract.uploads> {
  return createFlipdropApi(transport, () => '').uploads
}

/**
 * Opens the queue of the data folder without ever becoming its second writer: when a
 * process holds the folder and takes work, jobs are handed to it and followed from there;
 * otherwise this process takes the folder and runs the queue itself. When the holder goes
 * away, recover() finds the queue again (see QueueSession).
 */
export async function openQueueSession(ctx: CliContext, options: SessionOptions): Promise<QueueSession> {
  let link = await openLink(ctx, options)
  const ownJobs = new Set<string>()
  const paths = new Map<string, string>()
  // One subscription per channel on the current link, fanned out, so listeners survive a change of link.
  const fans = new Map<string, { listeners: Set<(payload: unknown) => void>; stop: Unsubscribe }>()
  const attach = (channel: string): Unsubscribe =>
    link.transport.subscribe(channel, (payload) => fans.get(channel)?.listeners.forEach((listener) => listener(payload)))
  const transport: BridgeTransport = {
    invoke: (channel, input) => link.transport.invoke(channel, input),
    subscribe(channel, listener) {
      const fan = fans.get(channel) ?? { listeners: new Set(), stop: attach(channel) }
      fans.set(channel, fan)
      fan.listeners.add(listener)
      return () => void fan.listeners.delete(listener)
    }
  }
  const uploads = uploadsOnly(transport)
  return {
    get runner() {
      return link.runner
    },
    uploads,
    onChange: (listener) => uploads.onChanged(listener),
    onProgress: (listener) => uploads.onProgress(listener),
    get lost() {
      return link.lost
    },
    async recover() {
      await link.close()
      link = await openLink(ctx, options, RECOVER_TIMEOUT_MS)
      for (const [channel, fan] of fans) fan.stop = attach(channel)
      // A queue taken over here knows nothing of what the command runs: tell it again.
      link.local?.runAlso([...ownJobs])
    },
    runAlso(jobIds) {
      for (const id of jobIds) ownJobs.add(id)
      link.local?.runAlso(jobIds)
    },
    pathOf: (jobId) => paths.get(jobId) ?? link.local?.jobFile(jobId)?.path ?? null,
    learnPaths(known) {
      for (const [id, path] of Object.entries(known ?? {})) paths.set(id, path)
    },
    close: () => link.close()
  }
}

/**
 * An envelope's value, or its error as the core's AppError (code and message): the command
 * reports it in a terminal's words and exit code (describeFailure).
 */
export async function unwrap<T>(reply: Promise<Envelope<T>>): Promise<T> {
  const result = await reply
  if (result.ok) return result.value
  throw new AppError(result.error.code, result.error.message)
}
