import type { DocType } from './item'

/** The plan's item quota for one kind of item, after the last operation (§2.4b). */
export interface Quota {
  docType: DocType
  count: number
  max: number
  left: number
}
