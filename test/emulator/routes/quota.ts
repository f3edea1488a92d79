import type { DocType } from '../options'
import type { Quota } from '../state/store'

/** `Flipbooks_Count/_Max/_Left` or `Documents_*` (numbers) by the host's DocType (§2.4b). */
export function quotaFields(hostDocType: DocType, quota: Quota): Record<string, number> {
  const prefix = hostDocType === 'Flipbook' ? 'Flipbooks' : 'Documents'
  return { [`${prefix}_Count`]: quota.count, [`${prefix}_Max`]: quota.max, [`${prefix}_Left`]: quota.left }
}
