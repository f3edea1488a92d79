import { readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { contract } from '../../../src-shared/contract'
import { AppError } from '../../../src-shared/contract/errors'
import { libraryKey, type LibraryItem } from '../../../src-shared/domain/library'
import type { ItemStats, ReadersSummary, StatsQuery, StatsResult, WeekTrend } from '../../../src-shared/domain/readers'
import type { DocType, ItemSummary } from '../../../src-shared/domain/service/item'
import type { Settings } from '../../../src-shared/domain/settings'
import type { ApiClient } from '../api/api-client'
import type { HandlersOf } from '../area-handlers'
import type { EventSink } from '../events'
import { sentence } from '../i18n/sentence'
import type { Logger } from '../log'
import { writeFileDurably } from '../storage/durable-file'
import { readCounts } from './counts-refresh'
import { samplesCsvName, writeSamplesCsv } from './readers-csv'
import { readersFolder, ReadersStore, type CountedItem } from './readers-store'
import { fromCounts } from './sample-frames'
import { changesSince, isoOf, itemHistory, weekTrends } from './trends'

const HOUR = 3_600_000
const DAY = 24 * HOUR
/** How long after the last count each schedule asks again. */
const REFRESH_EVERY: Record<Settings['readersRefresh'], number | null> = { off: null, hourly: HOUR, '6h': 6 * HOUR, daily: DAY }

export interface ReadersDependencies {
  dataDir: string
  emit: EventSink
  log: Logger
  settings: () => Settings
  /** The account shown (or the command's): whose numbers the window and the command see. */
  shownAccount: () => string | null
  /** Every signed-in account: each one's counts are refreshed on the schedule with its own key. */
  signedInAccounts: () => string[]
  /** The account's own confirmed client, never another's; null without one. */
  clientFor: (accountId: string) => ApiClient | null
  /** Asks the service whose the keys not confirmed yet are (a command's key, before its first answer). */
  identify: (accountId: string) => Promise<void>
  /** The hosts to read (Documents only with a document host). */
  docTypes: () => DocType[]
  /** Uploads are being sent now: a refresh waits between pages, and no notification interrupts a batch. */
  uploadsBusy: () => boolean
  /** The library's row of an item of an account (its name and link now). */
  libraryItem: (accountId: string, key: string) => LibraryItem | undefined
  /** Rows a counts refresh read: the library shows their totals too. */
  takeRows: (accountId: string, rows: readonly ItemSummary[], hostDocType: DocType) => void
  chooseSavePath?: (defaultName: string) => Promise<string | null>
  /** Refreshes on the schedule (the app); the command refreshes only when asked. */
  background: boolean
  now?: () => number
  /** How often the schedule looks whether a refresh is due, and how often a waiting refresh looks at the uploads (tests shorten them). */
  checkEveryMs?: number
  uploadsPollMs?: number
}

export interface ReadersService extends HandlersOf<'readers'> {
  /** A complete library sync read every item: kept as a sample; `gone`: keys the service says are gone. */
  recordSync(accountId: string, items: readonly LibraryItem[], gone: readonly string[]): Promise<void>
  /** The account shown changed: the window gets its numbers. */
  accountChanged(): void
  /** The account signed out: its history goes with it. */
  forget(accountId: string): Promise<void>
  close(): Promise<void>
}

interface Notified {
  at: number
}

/**
 * Readers' numbers over time (issue 32): every complete library sync and every counts-only
 * refresh is kept per account (ReadersStore); the window's last seven days, an item's chart and
 * the command's `stats` are read from that history, never invented.
 */
export function createReadersService(deps: ReadersDependencies): ReadersService {
  const now = deps.now ?? Date.now
  const stores = new Map<string, Promise<ReadersStore>>()
  const weeks = new Map<string, Promise<Map<string, WeekTrend>>>()
  const refreshing = new Map<string, Promise<void>>()
  let closed = false
  let timer: ReturnType<typeof setInterval> | undefined
  /** Accounts whose news waits for the uploads to end. */
  const newsPending = new Set<string>()

  function storeOf(accountId: string): Promise<ReadersStore> {
    let store = stores.get(accountId)
    if (!store) {
      store = ReadersStore.open(readersFolder(deps.dataDir, accountId), deps.log)
      stores.set(accountId, store)
      store.catch(() => stores.delete(accountId))
    }
    return store
  }

  function shown(): string {
    const accountId = deps.shownAccount()
    if (accountId === null) throw new AppError('signed-out', sentence('coreLibrary.signInFirst'))
    return accountId
  }

  function weekOf(accountId: string): Promise<Map<string, WeekTrend>> {
    let week = weeks.get(accountId)
    if (!week) {
      week = storeOf(accountId).then((store) => weekTrends(store.dir, Math.floor(now() / 1000), store.current))
      weeks.set(accountId, week)
      week.catch(() => weeks.delete(accountId))
    }
    return week
  }

  async function summaryOf(accountId: string | null): Promise<ReadersSummary> {
    if (accountId === null) return { accountId, countedSince: null, countedAt: null, refreshing: false, week: {} }
    const store = await storeOf(accountId)
    const week = await weekOf(accountId)
    return {
      accountId,
      countedSince: store.countedSince === null ? null : isoOf(store.countedSince),
      countedAt: store.countedAt === null ? null : isoOf(store.countedAt),
      refreshing: refreshing.has(accountId),
      week: Object.fromEntries(week)
    }
  }

  /** The account's numbers changed (or its refresh started or ended): the window hears it when it is shown. */
  function changed(accountId: string): void {
    weeks.delete(accountId)
    if (deps.shownAccount() === accountId) tellWindow(accountId)
  }

  /** The window hears the numbers of the account it shows (unless another is shown by the time they are read). */
  function tellWindow(accountId: string | null): void {
    if (closed) return
    void summaryOf(accountId).then(
      (summary) => {
        if (!closed && deps.shownAccount() === accountId) deps.emit(contract.readers.changed, summary)
      },
      (error: unknown) => deps.log.warn("Readers' numbers could not be read", error)
    )
  }

  async function record(accountId: string, counted: readonly CountedItem[], gone: readonly string[] = []): Promise<void> {
    if (closed || (counted.length === 0 && gone.length === 0)) return
    const store = await storeOf(accountId)
    await store.record(now(), counted, gone)
    changed(accountId)
    await tellNews(accountId)
  }

  /** Sleeps while uploads are sent: counts can wait, a designer's batch cannot. */
  async function uploadsIdle(): Promise<void> {
    while (deps.uploadsBusy() && !closed) await new Promise((resolve) => setTimeout(resolve, deps.uploadsPollMs ?? 2_000))
  }

  function refreshCounts(accountId: string): Promise<void> {
    const running = refreshing.get(accountId)
    if (running) return running
    const run = (async () => {
      // Only the account's own confirmed key reads its counts: a key not confirmed yet is asked whose it is first.
      if (!deps.clientFor(accountId)) await deps.identify(accountId)
      const client = deps.clientFor(accountId)
      if (!client) throw new AppError('signed-out', sentence('coreLibrary.signInFirst'))
      const { counted, failure } = await readCounts({
        client,
        docTypes: deps.docTypes(),
        uploadsIdle,
        onPage: (rows, docType) => deps.takeRows(accountId, rows, docType)
      })
      // What was read before a failure is kept: those items were counted.
      await record(accountId, counted)
      if (failure) throw failure
    })()
    refreshing.set(accountId, run)
    changed(accountId)
    void run
      .finally(() => {
        refreshing.delete(accountId)
        changed(accountId)
      })
      .catch(() => undefined)
    return run
  }

  /** Each account's news is decided one at a time: two refreshes ending together tell it once. */
  const telling = new Map<string, Promise<void>>()
  function tellNews(accountId: string): Promise<void> {
    const next = (telling.get(accountId) ?? Promise.resolve()).then(() => decideNews(accountId))
    telling.set(accountId, next.catch(() => undefined))
    return next
  }

  /** "Spring catalogue: 12 new leads since yesterday", at most once a day per account, never during a batch. */
  async function decideNews(accountId: string): Promise<void> {
    if (!deps.settings().readersNotifications || closed) return
    if (deps.uploadsBusy()) {
      newsPending.add(accountId)
      return
    }
    newsPending.delete(accountId)
    const store = await storeOf(accountId)
    const notifiedPath = join(store.dir, 'notified.json')
    const last = await readFile(notifiedPath, 'utf8').then(
      (text) => (JSON.parse(text) as Notified).at,
      () => 0
    )
    const time = now()
    if (time - last < DAY) return
    const changes = await changesSince(store.dir, Math.floor((time - DAY) / 1000), store.current)
    const items = [...changes.values()]
      .filter((change) => (change.delta?.[1] ?? 0) > 0)
      .sort((a, b) => (b.delta?.[1] ?? 0) - (a.delta?.[1] ?? 0))
      .map((change) => ({ name: nameOf(accountId, store, change.key).name, leads: change.delta?.[1] ?? 0 }))
    if (items.length === 0) return
    await writeFileDurably(notifiedPath, JSON.stringify({ at: time } satisfies Notified))
    deps.emit(contract.readers.news, { accountId, items })
  }

  function nameOf(accountId: string, store: ReadersStore, key: string): { name: string; url: string | null } {
    const row = deps.libraryItem(accountId, key)
    if (row) return { name: row.name ?? store.nameOf(key)?.name ?? '', url: row.fullUrl ?? store.nameOf(key)?.url ?? null }
    return store.nameOf(key) ?? { name: '', url: null }
  }

  async function stats(query: StatsQuery): Promise<StatsResult> {
    // The command names its account (its key's); the window's is the one shown.
    const accountId = query.accountId ?? shown()
    if (query.refresh) await refreshCounts(accountId)
    const store = await storeOf(accountId)
    // History keeps whole seconds: a count in the second before `since` is not in the period.
    const since = Math.ceil(Date.parse(query.since) / 1000)
    const changes = await changesSince(store.dir, since, store.current)
    const wanted = query.refs?.map((ref) => libraryKey(ref.docType, ref.id)) ?? [...store.all()].map((item) => item.key)
    const items: ItemStats[] = []
    const unknown: StatsResult['unknown'] = []
    for (const key of wanted) {
      const item = store.get(key)
      if (!item) {
        const [docType, id] = key.split(':')
        unknown.push({ docType: docType === 'Document' ? 'Document' : 'Flipbook', id: Number(id) })
        continue
      }
      const change = changes.get(key)
      const { name, url } = nameOf(accountId, store, key)
      items.push({
        id: item.id,
        docType: item.docType,
        name,
        url,
        ...fromCounts(item.counts),
        delta: change?.delta ? fromCounts(change.delta) : null,
        samples: change?.samples ?? 0,
        firstSample: isoOf(item.firstSeen),
        gone: item.gone
      })
    }
    // Without refs (or with --sort): the largest change first; no change known goes last.
    if (!query.refs || query.sort) {
      const field = query.sort ?? 'views'
      const other = field === 'views' ? 'leads' : 'views'
      items.sort((a, b) => (b.delta?.[field] ?? -Infinity) - (a.delta?.[field] ?? -Infinity) || (b.delta?.[other] ?? -Infinity) - (a.delta?.[other] ?? -Infinity) || b[field] - a[field])
    }
    return {
      since: isoOf(since),
      countedSince: store.countedSince === null ? null : isoOf(store.countedSince),
      items: query.limit === undefined ? items : items.slice(0, query.limit),
      unknown
    }
  }

  /** The schedule: each signed-in account whose last count is older than the setting's interval is read again. */
  function checkSchedule(): void {
    if (closed) return
    const every = REFRESH_EVERY[deps.settings().readersRefresh]
    for (const accountId of deps.signedInAccounts()) {
      if (newsPending.has(accountId) && !deps.uploadsBusy()) void tellNews(accountId).catch((error: unknown) => deps.log.warn('Could not tell of new leads', error))
      if (every === null || refreshing.has(accountId) || deps.uploadsBusy() || !deps.clientFor(accountId)) continue
      void storeOf(accountId)
        .then((store) => {
          const last = store.countedAt
          // Never counted yet: the library's first sync does it.
          if (last === null || now() - last * 1000 < every) return
          return refreshCounts(accountId)
        })
        .catch((error: unknown) => deps.log.info("Views and leads could not be refreshed this time; the next scheduled refresh tries again", error))
    }
  }

  if (deps.background) {
    timer = setInterval(checkSchedule, deps.checkEveryMs ?? 60_000)
    timer.unref?.()
  }

  return {
    summary: () => summaryOf(deps.shownAccount()),
    async history(query) {
      const store = await storeOf(shown())
      const key = libraryKey(query.docType, query.id)
      const item = store.get(key)
      return itemHistory(store.dir, key, query.range, Math.floor(now() / 1000), { firstSeen: item?.firstSeen ?? null, gone: item?.gone ?? false })
    },
    stats,
    async refresh() {
      const accountId = shown()
      await refreshCounts(accountId)
      return summaryOf(accountId)
    },
    async exportCsv(query) {
      if (!deps.chooseSavePath) throw new AppError('not-allowed', sentence('coreShare.saveNeedsWindow'))
      const accountId = shown()
      const store = await storeOf(accountId)
      const path = await deps.chooseSavePath(samplesCsvName(new Date(now())))
      if (path === null) return { path: null, rows: 0 }
      const keys = query.refs ? new Set(query.refs.map((ref) => libraryKey(ref.docType, ref.id))) : null
      await store.flush()
      const rows = await writeSamplesCsv(store.dir, path, keys, (key) => nameOf(accountId, store, key))
      return { path, rows }
    },
    async recordSync(accountId, items, gone) {
      const counted = items.flatMap((item): CountedItem[] => {
        if (item.views === null || item.leads === null) return []
        return [{ docType: item.docType, id: item.id, name: item.name ?? '', url: item.fullUrl, counts: { views: item.views, leads: item.leads, sales: item.sales, approvals: item.approvals } }]
      })
      await record(accountId, counted, gone)
    },
    accountChanged() {
      tellWindow(deps.shownAccount())
    },
    async forget(accountId) {
      const store = stores.get(accountId)
      stores.delete(accountId)
      weeks.delete(accountId)
      await (await store?.catch(() => undefined))?.close()
      await rm(readersFolder(deps.dataDir, accountId), { recursive: true, force: true })
    },
    async close() {
      closed = true
      if (timer) clearInterval(timer)
      await Promise.allSettled([...refreshing.values()])
      for (const store of stores.values()) await (await store.catch(() => undefined))?.close()
    }
  }
}
