import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import type { ApiClient, ApiClientOptions } from '../../../../src-main/core/api/api-client'
import type { CoreConfig } from '../../../../src-main/core/core'
import type { LibrarySyncState } from '../../../../src-shared/domain/library'
import type { DocType, ListPage, ListQuery } from '../../../../src-shared/domain/service/item'
import type { RunningEmulator } from '../../../emulator'
import { fastClient, QUEUE_KEY, startQueueCore, type QueueCore } from '../../../support/queue-fixture'

export const LIBRARY_KEY = QUEUE_KEY

/** A list request the core's client sent: which host, which page. */
export interface ListCall {
  docType: DocType
  query: ListQuery
}

/** Runs after a list answer arrived and before the sync sees it: the next page is asked for only after it returns. */
export type AfterList = (call: ListCall, page: ListPage) => void

/**
 * The fast test client, with every list request recorded (the emulator's log has no query
 * strings) and an optional hook between pages (to change the service while a sync pages).
 */
export function recordingClient(calls: ListCall[], afterList?: AfterList): (options: ApiClientOptions) => ApiClient {
  return (options) => {
    const client = fastClient(options)
    const listItems: ApiClient['listItems'] = async (query = {}, docType = 'Flipbook') => {
      const call = { docType, query }
      calls.push(call)
      const page = await client.listItems(query, docType)
      afterList?.(call, page)
      return page
    }
    // A proxy, not a spread: the client has getters.
    return new Proxy(client, { get: (target, property) => (property === 'listItems' ? listItems : Reflect.get(target, property)) })
  }
}

/** A real core signed in to `addresses` with the test key; list calls recorded in `calls`. */
export async function startLibraryCore(
  addresses: { baseUrl: string; documentUrl: string },
  options: { dir?: string; calls?: ListCall[]; afterList?: AfterList; core?: Partial<CoreConfig> } = {}
): Promise<QueueCore & { calls: ListCall[] }> {
  const calls = options.calls ?? []
  const dir = options.dir ?? (await mkdtemp(join(tmpdir(), 'flipdrop-library-')))
  const running = await startQueueCore(addresses, { dir, core: { createClient: recordingClient(calls, options.afterList), ...options.core } })
  return { ...running, calls }
}

/** Polls the sync state until `done` holds. */
export async function waitForSync(
  state: () => LibrarySyncState,
  done: (state: LibrarySyncState) => boolean,
  timeoutMs = 30_000
): Promise<LibrarySyncState> {
  const started = Date.now()
  while (!done(state())) {
    if (Date.now() - started > timeoutMs) throw new Error(`the sync did not get there in ${timeoutMs} ms: ${JSON.stringify(state())}`)
    await sleep(10)
  }
  return state()
}

/** Events of one channel the core emitted. */
export function eventsOf<T>(events: { channel: string; payload: unknown }[], channel: string): T[] {
  return events.filter((event) => event.channel === channel).map((event) => event.payload as T)
}

export { deleteOnServer } from '../../../support/delete-on-server'

/** The get requests (`/api/get/{id}`, not get-pdf) the emulator received from index `from` of its log on. */
export function getRequests(emulator: Pick<RunningEmulator, 'state'>, from = 0): { id: number; host: DocType; status: number }[] {
  return emulator.state.requests
    .slice(from)
    .flatMap((entry) => {
      const match = /^\/api\/get\/(\d+)$/.exec(entry.path)
      return match ? [{ id: Number(match[1]), host: entry.host, status: entry.status }] : []
    })
}
