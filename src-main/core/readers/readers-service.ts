import type { HandlersOf } from '../area-handlers'

/** The `readers` area (issue 32): views and leads over time. Filled in by the readers store. */
export interface ReadersService extends HandlersOf<'readers'> {
  close(): Promise<void>
}

/** A first cut that knows no history yet: the window and the command can be built against it. */
export function createReadersService(): ReadersService {
  const summary = { accountId: null, countedSince: null, countedAt: null, refreshing: false, week: {} }
  return {
    summary: () => summary,
    history: (query) => ({ key: `${query.docType}:${query.id}`, range: query.range, unit: query.range === 'all' ? 'week' : 'day', countedSince: null, gone: false, buckets: [] }),
    stats: (query) => ({ since: query.since, countedSince: null, items: [], unknown: [] }),
    refresh: () => summary,
    exportCsv: () => ({ path: null, rows: 0 }),
    close: async () => {}
  }
}
