import { expectOk, items } from './check-helpers'
import { call, type Answer, type ContractTarget } from './target'

type Host = 'base' | 'document'

// One cache per target object: the checks of one run (readOnlyContractChecks(target)) share the
// answers of plain reads, so the live run stays far below the 300-per-minute limit.
const caches = new WeakMap<ContractTarget, Map<string, Promise<Answer>>>()

/**
 * GET through a per-target cache, for idempotent reads several checks look at (list pages,
 * subscription, whoami, a record). Never use it where the request itself is the probe (rate
 * limit counters).
 */
export function cachedGetter(target: ContractTarget): (path: string, host?: Host) => Promise<Answer> {
  return (path, host = 'base') => {
    let cache = caches.get(target)
    if (!cache) caches.set(target, (cache = new Map()))
    const key = `${host} ${path}`
    let answer = cache.get(key)
    if (!answer) cache.set(key, (answer = call(target, 'GET', path, { host })))
    return answer
  }
}

/** Path of the list page the assumption checks sample: the first 100 rows in default order. */
export const SAMPLE_LIST = '/api/list?PageNo=1&PageSize=100'

/** The rows of the sample list page (cached). */
export async function sampleRows(target: ContractTarget): Promise<Array<Record<string, unknown>>> {
  return items(expectOk(await cachedGetter(target)(SAMPLE_LIST)))
}

/** The body of an OK read (cached). */
export async function cachedOk(target: ContractTarget, path: string, host: Host = 'base'): Promise<Record<string, unknown>> {
  return expectOk(await cachedGetter(target)(path, host))
}

/** The full record of an item by get (cached). */
export async function cachedRecord(target: ContractTarget, id: unknown): Promise<Record<string, unknown>> {
  return (await cachedOk(target, `/api/get/${String(id)}`))['Item'] as Record<string, unknown>
}

/** Upper case for lower case and back, to probe case-insensitive matching. */
export function swapCase(text: string): string {
  return [...text].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('')
}
