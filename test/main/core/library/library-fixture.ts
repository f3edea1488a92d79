import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import type { ApiClient, ApiClientOptions } from '../../../../src-main/core/api/api-client'
import type { CoreConfig } from '../../../../src-main/core/core'
import { createLibraryService, type LibraryService } from '../../../../src-main/core/library/library-service'
import { createLogger } from '../../../../src-main/core/log'
import { createServiceConnection, type ServiceConnection } from '../../../../src-main/core/service/service-connection'
import type { LibrarySyncState } from '../../../../src-shared/domain/library'
import type { QueueChange } from '../../../../src-shared/domain/queue'
import type { DocType, ListPage, ListQuery } from '../../../../src-shared/domain/service/item'
import { settingsSchema } from '../../../../src-shared/domain/settings'
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

/** The UserID the emulator gave a key's account. */
export function userIdOf(emulator: Pick<RunningEmulator, 'state'>, key: string): string {
  const userId = emulator.state.accountOf(key)?.userId
  if (!userId) throw new Error(`the emulator has no account for ${key}`)
  return userId
}

/** One account of the service emulator: its key and its UserID. */
export interface TestAccount {
  key: string
  userId: string
}

/** The library service on its own, as the core wires it, with one connection per account. */
export interface LibraryRig {
  library: LibraryService
  dir: string
  events: { channel: string; payload: unknown }[]
  logLines: string[]
  /** The current account's connection (the one the window's actions use). */
  connection: ServiceConnection
  /** Makes an account the current one, as the core does on a switch: its key becomes current, then the library is told. */
  use(account: TestAccount | null): void
  /** Signs out of an account: its client goes (its late answers are not its library's any more). */
  signOut(account: TestAccount): void
  /** A change of the queue, as the queue would send it. */
  queueChanged(change: QueueChange): void
  close(): Promise<void>
}

/**
 * A real library service over a real data folder, talking to the emulator: `clientFor` gives
 * each signed-in account its own client (as the core's connection does with several keys), and
 * the current account is switched the way the core switches it. Nothing of auth or the queue.
 */
export async function startLibraryService(
  addresses: { baseUrl: string; documentUrl: string },
  options: { dir?: string; background?: boolean; accounts?: TestAccount[]; current?: TestAccount | null; calls?: ListCall[]; afterList?: AfterList } = {}
): Promise<LibraryRig> {
  const dir = options.dir ?? (await mkdtemp(join(tmpdir(), 'flipdrop-library-')))
  const events: { channel: string; payload: unknown }[] = []
  const logLines: string[] = []
  const log = createLogger((level, line) => logLines.push(`${level}: ${line}`))
  const settings = settingsSchema.parse(addresses)
  const createClient = recordingClient(options.calls ?? [], options.afterList)
  const connect = (): ServiceConnection => createServiceConnection({ settings: () => settings, environment: {}, createClient, log })
  const connection = connect()
  /** Each signed-in account's own connection: its client works whichever account is current. */
  const own = new Map<string, ServiceConnection>()
  for (const account of options.accounts ?? []) {
    const held = connect()
    held.connect(account.key, account.userId)
    own.set(account.userId, held)
  }
  let current: TestAccount | null = options.current ?? null
  if (current) connection.connect(current.key, current.userId)
  const queueListeners = new Set<(change: QueueChange) => void>()
  const library = await createLibraryService({
    dataDir: dir,
    connection,
    settings: () => settings,
    uploads: { replace: () => Promise.resolve({ added: [], refused: [], sameContent: [] }) },
    emit: (spec, payload) => events.push({ channel: spec.channel, payload }),
    log,
    userId: () => current?.userId ?? null,
    background: options.background ?? false,
    onQueueChange: (listener) => {
      queueListeners.add(listener)
      return () => void queueListeners.delete(listener)
    },
    clientFor: (accountId) => {
      const held = accountId === null ? undefined : own.get(accountId)
      return held?.connected ? held.client() : null
    }
  })
  return {
    library,
    dir,
    events,
    logLines,
    connection,
    use(account) {
      current = account
      if (account) connection.connect(account.key, account.userId)
      else connection.disconnect()
      library.accountChanged()
    },
    signOut(account) {
      own.get(account.userId)?.disconnect()
    },
    queueChanged: (change) => queueListeners.forEach((listener) => listener(change)),
    async close() {
      await library.close()
      await connection.close()
      for (const held of own.values()) await held.close()
    }
  }
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
