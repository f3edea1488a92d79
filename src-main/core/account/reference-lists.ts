import type { BridgeError } from '../../../src-shared/contract/errors'
import type { ReferencesView } from '../../../src-shared/domain/account'
import { toBridgeError } from '../errors/to-bridge-error'
import { sentence } from '../i18n/sentence'
import type { Logger } from '../log'
import type { ServiceConnection } from '../service/service-connection'
import { fetchReferenceLists } from './fetch-reference-lists'
import type { CachedReferences, ReferenceCache } from './reference-cache'

/** Why the lists are missing when the failure said nothing a designer could read. */
function unreadable(): Pick<BridgeError, 'message' | 'said'> {
  const { text, said } = sentence('coreAccount.references.unreadable')
  return { message: text, said }
}

export interface ReferenceListsDependencies {
  cache: ReferenceCache
  connection: ServiceConnection
  /** The current account's user ID as known now (the cached account until whoami answers), or null: whose lists are shown. */
  userId: () => string | null
  emit: (view: ReferencesView) => void
  log: Logger
  now?: () => Date
  /** Refresh on its own when the connection appears (the app); false for the command, which asks when it needs. */
  background?: boolean
  /** Where a refresh of its own waits for the window's first paint (first-paint.ts); default: at once. */
  afterFirstPaint?: (work: () => unknown) => void
}

/** The reference lists: served from the disk cache at once, refreshed from the service in the background. */
export interface ReferenceListsBook {
  /** The current account's cached lists now; starts a background refresh when there are none yet or the last one failed. */
  view(): Promise<ReferencesView>
  /** Reads the lists from the service now (joins a refresh already running) and returns the result. */
  refresh(): Promise<ReferencesView>
  /** The current account may have changed: the window gets its cached lists at once (nothing when it did not change). */
  accountChanged(): void
  /** Forgets the lists kept for an account (signed out of it); the others stay. */
  forget(userId: string): Promise<void>
  /** Waits for a refresh in flight, so nothing is written after the core closed. */
  close(): Promise<void>
}

/**
 * Keeps the reference lists of each account in its own cache (templates include the
 * account's own) and shows the current account's. A refresh starts whenever the service
 * connection appears, is rebuilt or changes account (start-up with a key, sign-in, a switch,
 * new settings) and when asked; each result is written durably, for the account whose client
 * read it, and announced. A switch shows the other account's cached lists at once.
 */
export function createReferenceLists(deps: ReferenceListsDependencies): ReferenceListsBook {
  const now = deps.now ?? (() => new Date())
  /** Each account's cached lists once read (null: none). */
  const cached = new Map<string, CachedReferences | null>()
  /** Why each account's last refresh failed, until one succeeds. */
  const problems = new Map<string, Pick<BridgeError, 'message' | 'said'>>()
  let running: Promise<ReferencesView> | null = null
  let again = false
  /** The account whose lists the window was last given (at first: the one its first ask will show). */
  let lastShown = deps.userId()
  /** Counts sign-outs, and when each account's was: a refresh asked before it writes nothing for that account. */
  let forgets = 0
  const forgottenAt = new Map<string, number>()

  async function loaded(userId: string): Promise<CachedReferences | null> {
    if (!cached.has(userId)) {
      const read = await deps.cache.read(userId)
      // A refresh may have written while the file was read: its lists are the newer.
      if (!cached.has(userId)) cached.set(userId, read)
    }
    return cached.get(userId) ?? null
  }

  async function current(): Promise<ReferencesView> {
    const userId = deps.userId()
    // Always after an await: a refresh starting now is running by the time `refreshing` is read.
    const own = await (userId === null ? null : loaded(userId))
    lastShown = userId
    const problem = userId === null ? null : (problems.get(userId) ?? null)
    const view: ReferencesView = { lists: own?.lists ?? null, updatedAt: own?.updatedAt ?? null, refreshing: running !== null, problem: problem?.message ?? null }
    return problem?.said ? { ...view, problemSaid: problem.said } : view
  }

  async function show(): Promise<void> {
    deps.emit(await current())
  }

  async function readFromService(): Promise<void> {
    // Whose the answer is, fixed when asking: the client reads with its own key, whatever
    // account is current by the time it answers (a switch mid-refresh files nothing under the new one).
    const asker = deps.connection.accountId
    const shownWhenAsked = asker ?? deps.userId()
    const askedAt = forgets
    try {
      const client = deps.connection.client()
      const lists = await fetchReferenceLists(client)
      // Not confirmed when asked: the same client says whose key it is (never a cached account).
      const userId = asker ?? (await client.whoami()).userId
      if (!userId) throw new Error('The service did not say whose the lists are.') // words-exempt: only the log reads it (not a bridge error)
      // Signed out of that account meanwhile: its lists are not kept again.
      if ((forgottenAt.get(userId) ?? 0) > askedAt) return
      cached.set(userId, await deps.cache.write(userId, lists, now()))
      problems.delete(userId)
    } catch (error) {
      if (shownWhenAsked !== null) problems.set(shownWhenAsked, toBridgeError(error) ?? unreadable())
      deps.log.info('Could not refresh the reference lists', error instanceof Error ? error.message : error)
    }
  }

  function refresh(): Promise<ReferencesView> {
    if (running) {
      again = true
      return running
    }
    running = (async () => {
      await show()
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

  /** Another account is current: its cached lists are shown at once (a refresh about to start shows them itself). */
  function followAccount(refreshing: boolean): void {
    if (deps.userId() !== lastShown && (!refreshing || running)) void show()
  }

  // Refreshes of its own asked before the first paint become one, after it.
  let refreshWaiting = false
  const afterFirstPaint = deps.afterFirstPaint ?? ((work: () => unknown) => void work())
  deps.connection.onChange(() => {
    const refreshing = deps.background !== false && deps.connection.connected
    followAccount(refreshing)
    if (!refreshing || refreshWaiting) return
    refreshWaiting = true
    afterFirstPaint(() => {
      refreshWaiting = false
      if (deps.connection.connected) void refresh()
    })
  })

  return {
    async view() {
      const view = await current()
      if (deps.background !== false && !running && deps.connection.connected && (view.lists === null || view.problem !== null)) void refresh()
      return { ...view, refreshing: running !== null }
    },
    refresh,
    accountChanged: () => followAccount(false),
    async forget(userId) {
      forgets += 1
      forgottenAt.set(userId, forgets)
      cached.set(userId, null)
      problems.delete(userId)
      await deps.cache.forget(userId)
      if (deps.userId() === userId) await show()
    },
    async close() {
      await running
    }
  }
}
