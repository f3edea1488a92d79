import { contract } from '../../src-shared/contract'
import { createFlipdropApi, type BridgeArea, type BridgeTransport } from '../../src-shared/contract/bridge'
import type { Envelope } from '../../src-shared/contract/errors'
import type { JobProgressEvent, QueueChange } from '../../src-shared/domain/queue'
import type { Booted } from '../core/boot'
import { connectToHolder, type HoldingProcess } from '../core/handoff/handoff-client'
import { createDispatch } from '../ipc/dispatch'
import { handlersOf } from '../ipc/handler-table'
import type { CliContext } from './cli-context'
import { bootCommandCore } from './command-core'
import { CliError } from './cli-error'
import { EXIT } from './exit-codes'

/** The queue, wherever it runs: in this process, or in the app (or another command) holding the data folder. */
export interface QueueSession {
  /** Who runs the jobs. */
  readonly runner: { here: true } | { here: false; pid: number; role: string }
  readonly uploads: BridgeArea<typeof contract.uploads>
  onChange(listener: (change: QueueChange) => void): () => void
  onProgress(listener: (progress: JobProgressEvent) => void): () => void
  /** Leaves: a queue run here stops (its jobs wait in the journal); a link to the app is closed. */
  close(): Promise<void>
}

/** Only the upload area: the command never reaches the app's other channels. */
function uploadsOnly(transport: BridgeTransport): BridgeArea<typeof contract.uploads> {
  return createFlipdropApi(transport, () => '').uploads
}

function subscriber(transport: BridgeTransport) {
  return {
    onChange: (listener: (change: QueueChange) => void) =>
      transport.subscribe(contract.uploads.changed.channel, (payload) => listener(payload as QueueChange)),
    onProgress: (listener: (progress: JobProgressEvent) => void) =>
      transport.subscribe(contract.uploads.progress.channel, (payload) => listener(payload as JobProgressEvent))
  }
}

function remote(holder: HoldingProcess): QueueSession {
  const transport: BridgeTransport = {
    invoke: (channel, input) => holder.invoke(channel, input),
    subscribe: (channel, listener) =>
      holder.onEvent((eventChannel, payload) => {
        if (eventChannel === channel) listener(payload)
      })
  }
  return {
    runner: { here: false, pid: holder.pid, role: holder.role },
    uploads: uploadsOnly(transport),
    ...subscriber(transport),
    async close() {
      holder.close()
    }
  }
}

async function local(ctx: CliContext, runUploads: boolean): Promise<QueueSession> {
  const listeners = new Map<string, Set<(payload: unknown) => void>>()
  const booted: Booted = bootCommandCore(ctx, {
    runUploads,
    emit: (spec, payload) => listeners.get(spec.channel)?.forEach((listener) => listener(payload))
  })
  await booted.startup.ready()
  const dispatch = createDispatch(handlersOf(booted), booted.log)
  const transport: BridgeTransport = {
    invoke: (channel, input): Promise<Envelope<unknown>> => dispatch(channel, input),
    subscribe(channel, listener) {
      const set = listeners.get(channel) ?? new Set()
      set.add(listener)
      listeners.set(channel, set)
      return () => set.delete(listener)
    }
  }
  return { runner: { here: true }, uploads: uploadsOnly(transport), ...subscriber(transport), close: () => booted.close() }
}

/**
 * Opens the queue of the data folder without ever becoming its second writer: when a
 * process holds the folder, jobs are handed to it and followed from there; otherwise this
 * process takes the folder and runs the queue itself.
 */
export async function openQueueSession(ctx: CliContext, options: { runUploads: boolean }): Promise<QueueSession> {
  const holder = await connectToHolder(ctx.dataDir)
  if (holder) return remote(holder)
  try {
    return await local(ctx, options.runUploads)
  } catch (error) {
    // The app may have started between the look and the take: hand over to it after all.
    const late = await connectToHolder(ctx.dataDir).catch(() => null)
    if (late) return remote(late)
    throw new CliError(error instanceof Error ? error.message : String(error), EXIT.failed)
  }
}

/** An envelope's value, or its error as a CliError with the app's own message. */
export async function unwrap<T>(reply: Promise<Envelope<T>>): Promise<T> {
  const result = await reply
  if (result.ok) return result.value
  const exitCode = result.error.code === 'unauthorized' || result.error.code === 'signed-out' ? EXIT.noKey : EXIT.failed
  throw new CliError(result.error.message, exitCode)
}
