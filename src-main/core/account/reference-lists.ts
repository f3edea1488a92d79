import type { ReferencesView } from '../../../src-shared/domain/account'
import { toBridgeError } from '../errors/to-bridge-error'
import type { Logger } from '../log'
import type { ServiceConnection } from '../service/service-connection'
import { fetchReferenceLists } from './fetch-reference-lists'
import type { CachedReferences, ReferenceCache } from './reference-cache'

export interface ReferenceListsDependencies {
  cache: ReferenceCache
  connection: ServiceConnection
  /** The signed-in account's user ID as known now (the cached account until whoami answers), or null. */
  userId: () => string | null
  emit: (view: ReferencesView) => void
  log: Logger
  now?: () => Date
  /** Refresh on its own when the connection appears (the app); false for the command, which asks when it needs. */
  background?: boolean
}

/** The reference lists: served from the disk cache at once, refreshed from the service in the background. */
export interface ReferenceListsBook {
  /** The cached lists now; starts a background refresh when there are none yet or the last one failed. */
  view(): Promise<ReferencesView>
  /** Reads the lists from the service now (joins a refresh already running) and returns the result. */
  refresh(): Promise<ReferencesView>
  /** Waits for a refresh in flight, so nothing is written after the core closed. */
  close(): Promise<void>
}

/**
 * Keeps the reference lists for the account signed in. A refresh starts whenever the
 * service connection appears or is rebuilt (start-up with a key, sign-in, new settings) and
 * when asked; each result is written durably and announced. The cache holds the account's
 * user ID (templates include the account's own), so another account never sees it.
 */
export function createReferenceLists(deps: ReferenceListsDependencies): ReferenceListsBook {
  const now = deps.now ?? (() => new Date())
  let cached: CachedReferences | null | undefined
  let running: Promise<ReferencesView> | null = null
  let again = false
  let problem: string | null = null

  async function loaded(): Promise<CachedReferences | null> {
    if (cached === undefined) cached = await deps.cache.read()
    return cached
  }

  async function current(): Promise<ReferencesView> {
    const own = await loaded()
    const mine = own !== null && own.userId === (deps.userId() ?? '') ? own : null
    return { lists: mine?.lists ?? null, updatedAt: mine?.updatedAt ?? null, refreshing: running !== null, problem }
  }

  async function readFromService(): Promise<void> {
    try {
      const client = deps.connection.client()
      const lists = await fetchReferenceLists(client)
      // The lists are kept for the account the service confirmed for this key (templates include
      // its own), never for a cached one: ask whoami when that is not known yet.
      const userId = deps.connection.accountId ?? (await client.whoami()).userId ?? ''
      cached = await deps.cache.write(userId, lists, now())
      problem = null
    } catch (error) {
      problem = toBridgeError(error)?.message ?? 'The reference lists could not be read.'
      deps.log.info('Could not refresh the reference lists', error instanceof Error ? error.message : error)
    }
  }

  function refresh(): Promise<ReferencesView> {
    if (running) {
      again = true
      return running
    }
    running = (async () => {
      deps.emit(await current())
      do {
        again = false
        await readFromService()
      } while (again && deps.connection.connected)
      running = null
      const view = await current()
      deps.emit(view)
      return view
    })()
    return running
  }

  deps.connection.onChange(() => {
    if (deps.background !== false && deps.connection.connected) void refresh()
  })

  return {
    async view() {
      const view = await current()
      if (deps.background !== false && !running && deps.connection.connected && (view.lists === null || problem !== null)) void refresh()
      return { ...view, refreshing: running !== null }
    },
    refresh,
    async close() {
      await running
    }
  }
}
